import type { OperatorRole } from '@prism/domain';
import type { Database } from '../../db/client';
import type { Clock } from '../../platform/clock';

export interface OperatorDeps {
  db: Database;
  clock: Clock;
  /** Where the console is served: setup links are `${publicUrl}/admin/setup/<token>`. */
  publicUrl: string;
  /** OPS_TOKEN / DATA_DIR/ops-token: break-glass, good only for creating the first owner. */
  breakGlassToken: string;
  /** Seals TOTP secrets at rest (secrets.ts totpKeyOf, from the server secret). */
  totpKey: Buffer;
}

export type OperatorStatus = 'pending' | 'active' | 'disabled';

/** An operator as the operators page and the CLI list them. */
export interface OperatorView {
  id: number;
  login: string;
  role: OperatorRole;
  status: OperatorStatus;
  telegramId: number | null;
  createdAt: string;
  lastSignInAt: string | null;
}

export const SETUP_TTL_MS = 24 * 3_600_000;
export const SESSION_IDLE_MS = 30 * 60_000;
export const SESSION_MAX_MS = 12 * 3_600_000;
export const RECOVERY_CODE_COUNT = 10;
