export { userInScope } from './users';
