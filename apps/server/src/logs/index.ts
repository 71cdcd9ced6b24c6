export { logRoutes } from './routes';
