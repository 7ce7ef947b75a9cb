import { api } from '../../../lib/api';

/** POST /app/auth/logout: ends the session on the server. */
export const logout = () => api.auth.logout();
