/** The users feature's public door: search and one user's detail (nested routes under /users/*). */
export { UsersPage } from './UsersPage';
