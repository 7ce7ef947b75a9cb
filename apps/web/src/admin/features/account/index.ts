/** The account feature's public door: the operator's own sessions and API tokens. */
export { AccountPage } from './AccountPage';
