import { localDate, type Money } from '@prism/domain';
import type { Database } from '../../db/client';
import type { Reads } from '../../db/replicas';
import type { Clock } from '../../platform/clock';
import type { ConfigService } from '../config';

export interface PowerServiceDeps {
  db: Database;
  /** Where a player's records are read (a caught-up replica, else db). */
  reads?: Reads;
  clock: Clock;
  config: ConfigService;
}

/** The operator's fields of a package (a new one, or an edit of `id`). */
export interface PowerSessionInput {
  id?: number | undefined;
  cateId: number;
  cateName: string;
  name: string;
  coin: string;
  price: Money;
  power: Money;
  termDays: number;
  dailyRateBps: number;
  feeBps: number;
  dailyLimit: number;
  sort: number;
  enabled: boolean;
}

/** Today in the platform's time zone. */
export async function powerToday({ clock, config }: PowerServiceDeps): Promise<string> {
  return localDate(clock.now(), await config.timeZone());
}
