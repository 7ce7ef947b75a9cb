/** The auth module's public door: other modules and the composition root import only this file. */

export { authenticate } from './authenticate';
export { authRoutes } from './routes';
export { createAuthService } from './service';
export { revokeUserSessions } from './sessions';
export { loginAddressPeers } from './peers';
