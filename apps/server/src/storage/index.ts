export { storageRoutes } from './routes';
