/** The auth feature's public door: signing in and setting up an operator account. */
export { LoginPage } from './LoginPage';
export { SetupPage } from './SetupPage';
