import type { DeletionBlocker } from './deletion';

/** GET /app/user/myData/deletable: whether the account can be deleted now, and every reason it cannot. */
export interface MyDataDeletable {
  deletable: boolean;
  blockers: DeletionBlocker[];
  /** The word to type in the confirmation (DELETE_CONFIRMATION_WORD). */
  confirmationWord: string;
}

/** The sections of the export, in the order the JSON document and the CSV file list them. */
export const MY_DATA_SECTIONS = [
  'profile',
  'payoutDetails',
  'records',
  'recharges',
  'withdrawals',
  'bets',
  'messages',
  'team',
  'power',
  'followInvest',
  'fixedDeposits',
  'signIns',
  'giftCodes',
  'notifications',
  'supportChat',
] as const;
export type MyDataSection = (typeof MY_DATA_SECTIONS)[number];

export const MY_DATA_FORMATS = ['json', 'csv'] as const;
export type MyDataFormat = (typeof MY_DATA_FORMATS)[number];
