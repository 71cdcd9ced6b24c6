export { publicDeviceRoutes } from './routes';
