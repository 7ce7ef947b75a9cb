import {
  AppError,
  type ChainDeposit,
  DEPOSIT_CONFIRMATIONS,
  type DepositStatus,
  formatMoney,
  type Money,
  USDT_NETWORKS,
  type UsdtNetwork,
} from '@prism/domain';
import { and, eq, gte, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client';
import { recordRechargeTurnover, transfer } from '../ledger';
import { postMessage } from '../message';
import { loadWalletConfig } from '../wallet';
import { depositMinimum } from './addresses';
import type { RechargeContext } from './context';
import { recordException } from './exceptions';
import { notifyAfterCommit } from './notices';
import { chainDeposits, depositAddresses } from './schema';

/** One observation of a transfer to one of our addresses; the same tx is reported again as confirmations grow. */
export interface DepositReport {
  network: UsdtNetwork;
  txHash: string;
  address: string;
  amount: Money;
  confirmations: number;
}

export interface DepositOutcome {
  deposit: ChainDeposit;
  /** True only for the report that credited the user. */
  credited: boolean;
}

/**
 * Watches a chain for USDT transfers to our deposit addresses. An
 * implementation (the sandbox below; in production e.g. one polling TronGrid
 * or an indexer) only observes: it hands every observation to `report`, which
 * is `reportDeposit`, and never credits anything itself.
 */
export interface ChainWatcher {
  readonly name: string;
  start(report: (deposit: DepositReport) => Promise<DepositOutcome>): void | Promise<void>;
  stop(): void | Promise<void>;
}

/** The sandbox watcher watches no chain: the operator (or a test) tells it what "arrived". */
export interface SandboxWatcher extends ChainWatcher {
  report(deposit: DepositReport): Promise<DepositOutcome>;
}

export function createSandboxWatcher(): SandboxWatcher {
  let sink: ((deposit: DepositReport) => Promise<DepositOutcome>) | undefined;
  return {
    name: 'sandbox',
    start(report) {
      sink = report;
    },
    stop() {
      sink = undefined;
    },
    report(deposit) {
      if (!sink) throw new Error('the sandbox chain watcher is not started');
      return sink(deposit);
    },
  };
}

type DepositRow = typeof chainDeposits.$inferSelect;
type Notice = { userId: number; kind: 'deposit_credited' | 'deposit_below_minimum'; params: Record<string, string> };

/**
 * The one place deposits enter the books, whatever watcher saw them. Safe to
 * call any number of times, concurrently, for the same transaction:
 * - the row is upserted by (network, txHash), keeping the highest confirmation count;
 * - an address that is not ours is recorded as unknown_address, a deposit under
 *   the minimum as below_minimum (recorded and told to the user, never credited);
 * - otherwise it stays pending until DEPOSIT_CONFIRMATIONS, then one conditional
 *   UPDATE (status 'pending' -> 'credited') and the ledger transfer commit together,
 *   so exactly one report credits.
 */
export async function reportDeposit(
  db: Database,
  context: Pick<RechargeContext, 'db' | 'clock' | 'notifier' | 'logger'>,
  report: DepositReport,
): Promise<DepositOutcome> {
  assertReport(report);
  const { outcome, notice } = await db.transaction(async (tx) => {
    const { row, inserted } = await upsert(tx, context, report);
    let notice: Notice | undefined;
    if (inserted && row.status === 'below_minimum' && row.userId !== null) {
      notice = { userId: row.userId, kind: 'deposit_below_minimum', params: { amount: formatMoney(row.amount), network: row.network } };
      await postMessage(tx, context.clock, row.userId, notice.kind, notice.params);
      await recordException(tx, {
        kind: 'depositBelowMinimum',
        sourceId: row.id,
        userId: row.userId,
        coin: 'USDT',
        amount: row.amount,
        expectedAmount: await depositMinimum(tx),
        route: row.network,
        reference: row.txHash,
        createdAt: context.clock.now(),
      });
    }
    const credited = await creditIfConfirmed(tx, context, row);
    if (credited) notice = credited.notice;
    return { outcome: { deposit: toWireDeposit(credited?.row ?? row), credited: credited !== undefined }, notice };
  });
  if (notice) await notifyAfterCommit(context, notice.userId, notice.kind, notice.params);
  return outcome;
}

function assertReport(report: DepositReport): void {
  if (!USDT_NETWORKS.includes(report.network)) throw AppError.invalid({ network: 'FIELD_INVALID' });
  if (!/^[A-Za-z0-9:_-]{1,128}$/.test(report.txHash)) throw AppError.invalid({ txHash: 'FIELD_INVALID' });
  if (!report.address || report.address.length > 128) throw AppError.invalid({ address: 'FIELD_INVALID' });
  if (report.amount <= 0n) throw AppError.invalid({ amount: 'AMOUNT_POSITIVE' });
  if (!Number.isSafeInteger(report.confirmations) || report.confirmations < 0) throw AppError.invalid({ confirmations: 'FIELD_INVALID' });
}

/** The owner of an address; EVM addresses compare without their checksum casing. */
async function ownerOf(tx: Executor, network: UsdtNetwork, address: string): Promise<number | undefined> {
  const evm = network === 'BEP20' || network === 'ERC20';
  const [row] = await tx
    .select({ userId: depositAddresses.userId })
    .from(depositAddresses)
    .where(
      and(
        eq(depositAddresses.network, network),
        evm ? sql`lower(${depositAddresses.address}) = ${address.toLowerCase()}` : eq(depositAddresses.address, address),
      ),
    );
  return row?.userId;
}

/**
 * Inserts the first report of a transaction; later reports only raise the
 * confirmation count (amount, address and status of a recorded transaction do
 * not change). A concurrent first report waits on the unique index, then updates.
 */
async function upsert(tx: Executor, context: Pick<RechargeContext, 'clock'>, report: DepositReport) {
  const userId = await ownerOf(tx, report.network, report.address);
  const status: DepositStatus =
    userId === undefined ? 'unknown_address' : report.amount < (await depositMinimum(tx)) ? 'below_minimum' : 'pending';
  const [inserted] = await tx
    .insert(chainDeposits)
    .values({
      network: report.network,
      txHash: report.txHash,
      address: report.address,
      userId: userId ?? null,
      amount: report.amount,
      confirmations: report.confirmations,
      status,
      raw: { ...report, amount: report.amount.toString() },
      createdAt: context.clock.now(),
    })
    .onConflictDoNothing()
    .returning();
  if (inserted) return { row: inserted, inserted: true };
  const [updated] = await tx
    .update(chainDeposits)
    .set({ confirmations: sql`greatest(${chainDeposits.confirmations}, ${report.confirmations})` })
    .where(and(eq(chainDeposits.network, report.network), eq(chainDeposits.txHash, report.txHash)))
    .returning();
  if (!updated) throw new Error(`deposit ${report.network}:${report.txHash} vanished during its report`);
  return { row: updated, inserted: false };
}

/** pending -> credited once confirmed: the guard, the transfer, the turnover and the message in one transaction. */
async function creditIfConfirmed(
  tx: Executor,
  context: Pick<RechargeContext, 'clock'>,
  row: DepositRow,
): Promise<{ row: DepositRow; notice: Notice } | undefined> {
  if (row.status !== 'pending' || row.userId === null || row.confirmations < DEPOSIT_CONFIRMATIONS) return undefined;
  const [credited] = await tx
    .update(chainDeposits)
    .set({ status: 'credited', creditedAt: context.clock.now() })
    .where(and(eq(chainDeposits.id, row.id), eq(chainDeposits.status, 'pending'), gte(chainDeposits.confirmations, DEPOSIT_CONFIRMATIONS)))
    .returning();
  if (!credited || credited.userId === null) return undefined;
  const userId = credited.userId;
  const transferId = await transfer(
    tx,
    {
      asset: 'USDT',
      from: { system: `deposits:${credited.network}` },
      to: { userId },
      amount: credited.amount,
      type: 'recharge',
      reference: `deposit:${credited.network}:${credited.txHash}`,
      idempotencyKey: `deposit:${credited.network}:${credited.txHash}`,
      meta: { network: credited.network, txHash: credited.txHash, address: credited.address },
    },
    context.clock.now(),
  );
  if (transferId === undefined) return undefined;
  const config = await loadWalletConfig(tx, 'USDT');
  await recordRechargeTurnover(tx, userId, 'USDT', credited.amount, config.turnoverMultipleBps);
  const notice: Notice = { userId, kind: 'deposit_credited', params: { amount: formatMoney(credited.amount), network: credited.network } };
  await postMessage(tx, context.clock, userId, notice.kind, notice.params);
  return { row: credited, notice };
}

export function toWireDeposit(row: DepositRow): ChainDeposit {
  return {
    id: row.id,
    network: row.network as UsdtNetwork,
    txHash: row.txHash,
    address: row.address,
    userId: row.userId,
    amount: formatMoney(row.amount),
    confirmations: row.confirmations,
    status: row.status as DepositStatus,
    createDateTime: row.createdAt.toISOString(),
    creditDateTime: row.creditedAt?.toISOString() ?? null,
  };
}
