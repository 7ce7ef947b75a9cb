/** The giftCode module's public door: other modules and the composition root import only this file. */

export { exportGiftCodeRedemptions } from './myData';
export { giftCodeAdminRoutes, giftCodeRoutes } from './routes';
export type { GiftCodeService } from './service';
export { createGiftCodeService } from './service';
