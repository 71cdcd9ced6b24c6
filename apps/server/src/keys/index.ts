export { keyRoutes } from './routes';
