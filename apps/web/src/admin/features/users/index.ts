/** The users feature's public door (placeholder until the feature lands). */
export { UsersPage } from './UsersPage';
