/** Every table, gathered for Drizzle (queries and drizzle-kit). Each lives in its feature's module. */

export * from '../modules/auth/schema';
export * from '../modules/broadcast/schema';
export * from '../modules/checkIn/schema';
export * from '../modules/config/schema';
export * from '../modules/content/schema';
export * from '../modules/earning/schema';
export * from '../modules/file/schema';
export * from '../modules/fixedDeposit/schema';
export * from '../modules/followInvest/schema';
export * from '../modules/game/schema';
export * from '../modules/giftCode/schema';
export * from '../modules/idempotency/schema';
export * from '../modules/ledger/schema';
export * from '../modules/level/schema';
export * from '../modules/message/schema';
export * from '../modules/notify/schema';
export * from '../modules/power/schema';
export * from '../modules/protection/schema';
export * from '../modules/recharge/schema';
export * from '../modules/sms/schema';
export * from '../modules/tap/schema';
export * from '../modules/team/schema';
export * from '../modules/telegram/schema';
export * from '../modules/user/schema';
export * from '../modules/wallet/schema';
export * from '../modules/withdraw/schema';
