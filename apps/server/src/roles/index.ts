export { assertAssignable, assertMayManage } from './role-checks';
