/** The user module's public door: other modules and the composition root import only this file. */

export * as userAccounts from './accounts';
export { userRoutes } from './routes';
export { createUserService } from './service';
