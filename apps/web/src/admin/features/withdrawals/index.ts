/** The withdrawals feature's public door: the review queue and one withdrawal's page. */
export { WithdrawalDetailPage } from './WithdrawalDetailPage';
export { WithdrawalsPage } from './WithdrawalsPage';
