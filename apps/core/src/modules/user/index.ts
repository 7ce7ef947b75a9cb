/** The user module's public door: other modules and the composition root import only this file. */

export { directInviteesSql, inviteesCte, invitersCte, memberCardsSql } from './readModels';
export { userRoutes } from './routes';
export { createUserService } from './service';
