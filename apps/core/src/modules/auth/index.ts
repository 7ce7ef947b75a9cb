/** The auth module's public door: other modules and the composition root import only this file. */

export { authenticate } from './authenticate';
export { loginAddressPeers, userSessions } from './peers';
export { authRoutes } from './routes';
export { createAuthService } from './service';
export { revokeUserSessions } from './sessions';
