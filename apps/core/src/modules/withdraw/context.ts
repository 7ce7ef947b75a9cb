import { localDate, type Money, type UsdtNetwork } from '@prism/domain';
import type { Database, Executor } from '../../db/client';
import type { Reads } from '../../db/replicas';
import type { Clock } from '../../platform/clock';
import type { Logger } from '../../platform/logger';
import type { Random } from '../../platform/random';
import { numberCode, sequenceNumbers } from '../../platform/sequenceNumbers';
import type { Notifier } from '../notify';
import type { CodeService } from '../sms';
import type { WalletCurrency } from '../wallet';

export interface WithdrawServiceDeps {
  db: Database;
  /** Where a player's own withdrawal list is read (a caught-up replica, else db). */
  reads?: Reads;
  clock: Clock;
  random: Random;
  logger: Logger;
  codes: CodeService;
  notifier: Notifier;
  /** The Telegram chats review requests go to (operators allowed to review, read when a request is sent). */
  operatorChatIds: () => Promise<readonly number[]>;
}

export interface ApplyInput {
  currency: WalletCurrency;
  amount: Money;
  bankCardId?: number | undefined;
  walletType?: UsdtNetwork | undefined;
  assetPassword: string;
  code: string;
}

/** What to do after the transaction commits: messages must not go out for money that did not move. */
export type AfterCommit = () => Promise<void>;

/** What every withdrawal use case works with: the service's dependencies and the order numbers. */
export interface WithdrawContext extends WithdrawServiceDeps {
  orderNo(on: Executor): Promise<string>;
}

export function withdrawContext(deps: WithdrawServiceDeps): WithdrawContext {
  // 'W' + yyyymmdd (UTC) + 10 characters from a unique number: unique by construction, never by chance.
  const withdrawalNumbers = sequenceNumbers('withdrawal_numbers');
  const orderNo = async (on: Executor) =>
    `W${localDate(deps.clock.now(), 'UTC').replaceAll('-', '')}${numberCode(await withdrawalNumbers.next(on), '0123456789ABCDEFGHJKLMNPQRSTUVWXYZ', 10)}`;
  return { ...deps, orderNo };
}
