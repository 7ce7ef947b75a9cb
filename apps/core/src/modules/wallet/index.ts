/** The wallet module's public door: other modules and the composition root import only this file. */

export { walletAdminRoutes } from './admin';
export type { WalletCurrency } from './config';
export { loadWalletConfig, seedWalletConfig, WALLET_CURRENCIES, withdrawLimitsOf } from './config';
export type { WalletFigures } from './figures';
export { walletScalar } from './figures';
export { walletRoutes } from './routes';
