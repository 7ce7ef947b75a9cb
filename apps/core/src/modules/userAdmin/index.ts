/** The userAdmin module's public door (the console's users, through the other modules' doors; owns no table). */

export { userAdminRoutes } from './routes';
export { changeUserStatus, signUserOut } from './status';
