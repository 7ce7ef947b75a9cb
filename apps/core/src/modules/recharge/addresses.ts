import { createHmac } from 'node:crypto';
import {
  AppError,
  addressFromSeed,
  DEPOSIT_CONFIRMATIONS,
  DEPOSIT_MIN_USDT_MINOR,
  type DepositWallet,
  formatMoney,
  type Money,
  type RechargeAddress,
  USDT_NETWORKS,
  type UsdtNetwork,
} from '@prism/domain';
import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { loadWalletConfig } from '../wallet';
import type { RechargeContext } from './context';
import { depositAddresses } from './schema';

/**
 * The sandbox's deposit address of a user on a network: a valid address of
 * that network derived from the server secret, the same on every call. Nobody
 * holds a key for it, so it is for play money only (the app says "demo"); a
 * production setup derives addresses from its own wallet (e.g. an xpub) here.
 */
export function sandboxDepositAddress(secret: string, userId: number, network: UsdtNetwork): string {
  const seed = createHmac('sha256', secret).update(`deposit:${userId}:${network}`).digest();
  return addressFromSeed(network, new Uint8Array(seed));
}

/** The smallest deposit credited: 1 USDT (specification points 5 and 9), or more if the operator says so. */
export async function depositMinimum(db: Executor): Promise<Money> {
  const config = await loadWalletConfig(db, 'USDT');
  if (config.chargeMinLimit > DEPOSIT_MIN_USDT_MINOR) return config.chargeMinLimit;
  return DEPOSIT_MIN_USDT_MINOR;
}

async function assertUsdtOpen(db: Executor): Promise<void> {
  if (!(await loadWalletConfig(db, 'USDT')).openRecharge) throw new AppError('RECHARGE_CLOSED');
}

/** The user's address on every network, created on first use (one per user and network, never reused). */
export async function depositWallets(context: Pick<RechargeContext, 'db' | 'clock' | 'secret'>, userId: number): Promise<DepositWallet[]> {
  const { db } = context;
  await assertUsdtOpen(db);
  let rows = await db.select().from(depositAddresses).where(eq(depositAddresses.userId, userId));
  if (rows.length < USDT_NETWORKS.length) {
    await db
      .insert(depositAddresses)
      .values(
        USDT_NETWORKS.map((network) => ({
          userId,
          network,
          address: sandboxDepositAddress(context.secret, userId, network),
          createdAt: context.clock.now(),
        })),
      )
      // A concurrent first call inserted them already: theirs are the same addresses.
      .onConflictDoNothing();
    rows = await db.select().from(depositAddresses).where(eq(depositAddresses.userId, userId));
  }
  const byNetwork = new Map(rows.map((row) => [row.network, row.address]));
  return USDT_NETWORKS.flatMap((network) => {
    const address = byNetwork.get(network);
    return address ? [{ walletType: network, address }] : [];
  });
}

export async function rechargeAddress(
  context: Pick<RechargeContext, 'db' | 'clock' | 'secret' | 'sandboxDeposits'>,
  userId: number,
  network: UsdtNetwork,
): Promise<RechargeAddress> {
  const wallet = (await depositWallets(context, userId)).find((w) => w.walletType === network);
  if (!wallet) throw new Error(`no ${network} deposit address for user ${userId}`);
  return {
    walletType: network,
    address: wallet.address,
    minDeposit: formatMoney(await depositMinimum(context.db)),
    confirmations: DEPOSIT_CONFIRMATIONS,
    demo: true,
    simulate: context.sandboxDeposits,
  };
}
