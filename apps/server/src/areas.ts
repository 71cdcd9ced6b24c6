import type { FastifyPluginAsync } from 'fastify';
import { alertRoutes } from './alerts';
import { authRoutes } from './auth';
import { consoleRoutes, manifestRoutes } from './consoles';
import { gatewayRoutes } from './gateways';
import { healthRoutes } from './health';
import { ingestRoutes } from './ingest';
import { keyRoutes } from './keys';
import { logRoutes } from './logs';
import { peopleRoutes } from './people';
import { publicDeviceRoutes } from './public-devices';
import { eventRoutes } from './realtime';
import { roleRoutes } from './roles';
import { distributionStationRoutes } from './stations';
import { storageRoutes } from './storage';
import { tagRoutes } from './tags';
import { userAdminRoutes, userRoutes } from './users';
import { zoneRoutes } from './zones';

/**
 * Every area's routes, registered in this order by buildApp. A new area is its folder under src/
 * and one line here.
 */
export const AREA_ROUTES: readonly FastifyPluginAsync[] = [
  healthRoutes,
  authRoutes,
  userRoutes,
  roleRoutes,
  zoneRoutes,
  storageRoutes,
  eventRoutes,
  userAdminRoutes,
  keyRoutes,
  consoleRoutes,
  manifestRoutes,
  ingestRoutes,
  alertRoutes,
  peopleRoutes,
  distributionStationRoutes,
  publicDeviceRoutes,
  logRoutes,
  gatewayRoutes,
  tagRoutes,
];
