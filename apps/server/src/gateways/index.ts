export { gatewayRoutes } from './routes';
