/** The signIn module's public door: other modules and the composition root import only this file. */

export { signInRoutes } from './routes';
export { createSignInService } from './service';
