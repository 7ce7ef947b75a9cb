import type { ExportRow } from './db/pages';
import { exportSignIns } from './modules/checkIn';
import { exportFixedDeposits } from './modules/fixedDeposit';
import { exportFollowInvestOrders } from './modules/followInvest';
import { exportBets } from './modules/game';
import { exportGiftCodeRedemptions } from './modules/giftCode';
import { exportUserTransfers } from './modules/ledger';
import { exportMessages } from './modules/message';
import { exportNotificationPrefs } from './modules/notify';
import { exportPowerHoldings } from './modules/power';
import type { ExportSection } from './modules/privacy';
import { exportRecharges } from './modules/recharge';
import { exportSupportConversation } from './modules/support';
import { exportTeam } from './modules/team';
import { exportProfile } from './modules/user';
import { exportPayoutDestinations, exportWithdrawals } from './modules/withdraw';

/**
 * A player's data export (GET /core/app/user/myData/export), section by section in this order: each
 * entry reads its rows through one module's door, lazily, so the export streams. A new module that
 * keeps data about a player adds its section here (docs/operations.md, "Account deletion and data export").
 */
export const EXPORT_SECTIONS: readonly ExportSection[] = [
  { name: 'profile', rows: exportProfile },
  { name: 'payoutDetails', rows: exportPayoutDestinations },
  { name: 'records', rows: exportUserTransfers },
  { name: 'recharges', rows: exportRecharges },
  { name: 'withdrawals', rows: exportWithdrawals },
  { name: 'bets', rows: exportBets },
  { name: 'messages', rows: exportMessages },
  { name: 'team', rows: exportTeam },
  { name: 'power', rows: exportPowerHoldings },
  { name: 'followInvest', rows: exportFollowInvestOrders },
  { name: 'fixedDeposits', rows: exportFixedDeposits },
  { name: 'signIns', rows: exportSignIns },
  { name: 'giftCodes', rows: exportGiftCodeRedemptions },
  { name: 'notifications', rows: (db, userId) => all(exportNotificationPrefs(db, userId)) },
  { name: 'supportChat', rows: (db, userId) => all(exportSupportConversation(db, userId)) },
];

/** A section read in one go (one player's support conversation is short), as the stream the export reads. */
async function* all(rows: Promise<ExportRow[]>): AsyncIterable<ExportRow> {
  yield* await rows;
}
