import type { UsdtNetwork } from '../wallet/addresses';
import type { CodeSent } from './index';

/** The wire's name (walletType) for a USDT network. */
export type UsdtWalletType = UsdtNetwork;

/** A withdrawal as its owner sees it (money as decimal strings, times ISO). */
export interface WithdrawalView {
  id: number;
  orderNo: string;
  currency: string;
  amount: string;
  fee: string;
  /** amount - fee: what arrives at the destination. */
  receive: string;
  /** 'bank' or a USDT network. */
  channel: string;
  /** The masked card or the address. */
  destination: string;
  status: 'pending_review' | 'paid' | 'rejected';
  /** Why it was rejected, as the operator wrote it. */
  reason: string;
  createDateTime: string;
  completeDateTime: string;
}

/** A bank card; the number is masked ("••••1234") in every answer. */
export interface BankCardView {
  id: number;
  bankName: string;
  cardNumber: string;
  holderName: string;
  ifsc: string;
  createDateTime: string;
}

export interface WalletView {
  walletType: UsdtWalletType;
  address: string;
  bound: boolean;
}

export interface WithdrawCodeSent extends CodeSent {
  /** The Telegram username the code went to, e.g. "@alice". */
  sentTo: string;
}
