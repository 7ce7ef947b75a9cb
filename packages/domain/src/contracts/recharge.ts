import type { UsdtNetwork } from '../wallet/addresses';

/**
 * Money in: CASH recharge through payment gateways and USDT deposits through a
 * chain watcher. Amounts are decimal strings with 2 decimals; times ISO 8601.
 */

/**
 * A CASH recharge order's life: pending -> paid | failed | amount_mismatch (paid a different amount:
 * not credited) | over_limit (paid, but crediting it would pass the player's deposit limit: not credited).
 */
export type RechargeOrderStatus = 'pending' | 'paid' | 'failed' | 'amount_mismatch' | 'over_limit';

/** A USDT deposit's life: pending (confirming) -> credited; below_minimum and unknown_address are recorded, never credited. */
export type DepositStatus = 'pending' | 'credited' | 'below_minimum' | 'unknown_address';

/** payChannel/list: the enabled channels, in display order. `demo` = play money (the sandbox). */
export interface PayChannel {
  id: number;
  showName: string;
  payChannelName: string;
  currency: string;
  demo: boolean;
}

/** cashRecharge/amountList: quick picks and the stepper's bounds, within the CASH configuration. */
export interface RechargeAmountList {
  currency: 'CASH';
  openRecharge: boolean;
  amountList: string[];
  min: string;
  max: string;
  step: string;
}

/** cashRecharge/recharge: the pending order and where the user pays it. */
export interface RechargeOrder {
  orderNo: string;
  amount: string;
  currency: string;
  status: RechargeOrderStatus;
  /** Where to send the browser: relative (same origin) for the sandbox, absolute for a real gateway. */
  payUrl: string;
  demo: boolean;
}

/** recharge/getWallet: the user's deposit address on one network. */
export interface DepositWallet {
  walletType: UsdtNetwork;
  address: string;
}

/** wallet/getRecharge: the address to show (with copy and QR code) and the rules beside it. */
export interface RechargeAddress {
  walletType: UsdtNetwork;
  address: string;
  minDeposit: string;
  confirmations: number;
  demo: boolean;
  /** Play-money mode: POST /app/user/recharge/simulateDeposit may be used (a DEMO action). */
  simulate: boolean;
}

/** rechargeTask/list: one CASH order (orderNo = order number) or USDT deposit (orderNo = transaction hash). */
export interface RechargeTask {
  id: number;
  kind: 'cash' | 'usdt';
  orderNo: string;
  currency: string;
  /** The pay channel (cash) or the network (usdt). */
  channel: string;
  amount: string;
  status: RechargeOrderStatus | DepositStatus;
  createDateTime: string;
  completeDateTime: string | null;
}

/** Operator view of a recharge order (GET /admin/recharge/orders). */
export interface RechargeOrderAdmin {
  id: number;
  orderNo: string;
  userId: number;
  payChannelName: string;
  currency: string;
  amount: string;
  paidAmount: string | null;
  status: RechargeOrderStatus;
  gatewayRef: string | null;
  createDateTime: string;
  completeDateTime: string | null;
}

/** Operator view of a reported deposit (GET /admin/deposits, POST /admin/deposits/report). */
export interface ChainDeposit {
  id: number;
  network: UsdtNetwork;
  txHash: string;
  address: string;
  userId: number | null;
  amount: string;
  confirmations: number;
  status: DepositStatus;
  createDateTime: string;
  creditDateTime: string | null;
}
