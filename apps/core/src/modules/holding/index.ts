/**
 * The holding module's public door: the machinery follow-invest and fixed deposit share
 * (a product whose users hold an amount for a term, earn daily and get it back at maturity).
 * It owns no table: each product hands it its own schema objects.
 */

export { heldMismatches, paidTwiceInADay, totalMismatches } from './check';
export { asBool, flag, noInput, openingInput, pageQuery, percentToBp } from './input';
export type { HoldingTable } from './page';
export { changeProduct, definedOf, userHoldingsPage } from './page';
export type { ChunkRow, ChunkStatement, StatementStep } from './steps';
export { chunkFromRow, earningsStep, maturityStep } from './steps';
export { holdingTerm, refuseBelowMinimum, refuseOpening } from './term';
