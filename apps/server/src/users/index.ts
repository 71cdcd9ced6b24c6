export { userAdminRoutes, userRoutes } from './routes';
export { userInScope } from './users';
