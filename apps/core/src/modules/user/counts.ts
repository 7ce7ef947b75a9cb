import { sql } from 'drizzle-orm';
import { type Executor, queryRows } from '../../db/client';
import { inviteesCte } from './readModels';

/** How many accounts were created since each instant given (the operator dashboard's new players), in one read. */
export async function usersCreatedSince(db: Executor, since: readonly Date[]): Promise<number[]> {
  if (since.length === 0) return [];
  const columns = sql.join(
    since.map((at, i) => sql`count(*) filter (where created_at >= ${at.toISOString()}::timestamptz)::int as ${sql.identifier(`c${i}`)}`),
    sql`, `,
  );
  const earliest = new Date(Math.min(...since.map((at) => at.getTime())));
  const [row] = await queryRows<Record<string, number>>(
    db,
    sql`select ${columns} from users where created_at >= ${earliest.toISOString()}::timestamptz`,
  );
  return since.map((_, i) => Number(row?.[`c${i}`] ?? 0));
}

/** A user as the operator's search lists them. */
export interface UserCard {
  id: number;
  phone: string;
  areaCode: string;
  nickName: string;
  invitationCode: string;
  telegramUsername: string | null;
  userStatus: number;
  createdAt: string;
}

const cardColumns = sql`id, phone, area_code, nick_name, invitation_code, telegram_username, user_status, created_at`;

interface CardRow {
  id: number | string;
  phone: string;
  area_code: string;
  nick_name: string;
  invitation_code: string;
  telegram_username: string | null;
  user_status: number;
  created_at: Date | string;
  [key: string]: unknown;
}

const toCard = (row: CardRow): UserCard => ({
  id: Number(row.id),
  phone: row.phone,
  areaCode: row.area_code,
  nickName: row.nick_name,
  invitationCode: row.invitation_code,
  telegramUsername: row.telegram_username,
  userStatus: Number(row.user_status),
  createdAt: new Date(row.created_at).toISOString(),
});

/**
 * Users matching `q` exactly by id, phone (with or without its calling code), invitation code or
 * Telegram username (with or without '@'), each answered by an index but the username (a scan of
 * the linked users only, at most `limit` rows).
 */
export async function searchUsers(db: Executor, q: string, limit = 20): Promise<UserCard[]> {
  const text = q.trim();
  const digits = text.replace(/[\s+-]/g, '');
  const id = /^\d{1,15}$/.test(digits) ? Number(digits) : -1;
  const username = text.replace(/^@/, '').toLowerCase();
  const rows = await queryRows<CardRow>(
    db,
    sql`select ${cardColumns} from users where id = ${id}
        union select ${cardColumns} from users where phone = ${digits} or area_code || phone = ${digits}
        union select ${cardColumns} from users where invitation_code = ${text}
        union select ${cardColumns} from users where telegram_id is not null and lower(telegram_username) = ${username}
        order by id limit ${limit}`,
  );
  return rows.map(toCard);
}

/** The user's team per tier 1..3: how many, and the first `first` of each (oldest first). */
export async function teamTiers(db: Executor, userId: number, first = 5) {
  const rows = await queryRows<CardRow & { tier: number; members: number }>(
    db,
    sql`with recursive ${inviteesCte(userId, 3)},
        ranked as (select i.tier, u.*, row_number() over (partition by i.tier order by u.id) as n,
                          count(*) over (partition by i.tier) as members
                     from invitees i join users u on u.id = i.id)
        select tier, members::int as members, ${cardColumns} from ranked where n <= ${first} order by tier, id`,
  );
  return [1, 2, 3].map((tier) => {
    const of = rows.filter((row) => Number(row.tier) === tier);
    return { tier, count: Number(of[0]?.members ?? 0), first: of.map(toCard) };
  });
}
