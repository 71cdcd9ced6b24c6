export { consoleRoutes } from './routes';
export { manifestRoutes } from './manifest-routes';
