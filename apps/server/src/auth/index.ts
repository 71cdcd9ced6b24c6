export { authRoutes } from './routes';
export { resolveCaller, roleAbilityCache } from './resolve-caller';
