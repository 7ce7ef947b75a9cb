import type { Executor } from '../../db/client';
import type { GiftCodeServiceDeps, NewGiftCode } from './context';
import { createGiftCode, listGiftCodes, listRedemptions } from './issue';
import { redeemGiftCode, redemptionRecords } from './redeem';

export type { GiftCodeServiceDeps, NewGiftCode } from './context';

/** Gift codes: operators create them; users redeem them (paid from the 'rewards' system account) and see their records. */
export function createGiftCodeService(deps: GiftCodeServiceDeps) {
  return {
    create: (input: NewGiftCode) => createGiftCode(deps, input),
    list: (pageNo: number, pageSize: number) => listGiftCodes(deps, pageNo, pageSize),
    redemptions: (code: string, pageNo: number, pageSize: number) => listRedemptions(deps, code, pageNo, pageSize),
    redeem: (tx: Executor, userId: number, typed: string) => redeemGiftCode(deps, tx, userId, typed),
    records: (userId: number, pageNo: number, pageSize: number) => redemptionRecords(deps, userId, pageNo, pageSize),
  };
}

export type GiftCodeService = ReturnType<typeof createGiftCodeService>;
