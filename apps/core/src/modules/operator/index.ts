/** The operator module's public door: other modules and the composition root import only this file. */

export { linkedTelegramIds, operatorByTelegramId } from './accounts';
export { CSRF_COOKIE, CSRF_HEADER, operatorAuthentication, SESSION_COOKIE } from './authenticate';
export { operatorPublicRoutes, operatorRoutes } from './routes';
export { totpKeyOf } from './secrets';
export type { OperatorDeps, OperatorView } from './types';
