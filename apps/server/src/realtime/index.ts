export { eventRoutes } from './routes';
