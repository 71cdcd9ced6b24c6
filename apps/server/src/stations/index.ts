export { distributionStationRoutes } from './routes';
