export { roleRoutes } from './routes';
export { assertAssignable, assertMayManage } from './role-checks';
