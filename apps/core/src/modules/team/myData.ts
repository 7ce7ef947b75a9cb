import { PAGE_SIZE, REBATE_TIERS } from '@prism/domain';
import type { Executor } from '../../db/client';
import type { ExportRow } from '../../db/pages';
import { teamMembers } from './stats';

/**
 * The player's team for their data export: their invitees on each rebate tier exactly as the team
 * pages show them (masked phone, nickname, joined), so the export tells no more of other people
 * than the app does; paged as those pages are.
 */
export async function* exportTeam(db: Executor, userId: number): AsyncGenerator<ExportRow> {
  for (const tier of REBATE_TIERS) {
    for (let pageNo = 1; ; pageNo++) {
      const page = await teamMembers(db, userId, tier, pageNo);
      for (const member of page.content) yield { tier, ...member };
      if (page.content.length < PAGE_SIZE || pageNo * PAGE_SIZE >= page.totalElements) break;
    }
  }
}
