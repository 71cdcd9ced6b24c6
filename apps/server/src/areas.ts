import type { FastifyPluginAsync } from 'fastify';
import { alertRoutes } from './alerts/routes';
import { analyticsRoutes } from './analytics/routes';
import { assetRoutes } from './assets/routes';
import { authRoutes } from './auth/routes';
import { oidcRoutes } from './auth/oidc-routes';
import { providerRoutes } from './auth/provider-routes';
import { samlRoutes } from './auth/saml-routes';
import { ssoRoutes } from './auth/sso-routes';
import { basemapRoutes } from './basemap/routes';
import { manifestRoutes } from './consoles/manifest-routes';
import { consoleRoutes } from './consoles/routes';
import { distributionRoutes } from './distribution/routes';
import { planRoutes } from './floorplans/routes';
import { gatewayRoutes } from './gateways/routes';
import { healthRoutes } from './health/routes';
import { homeVisitRoutes } from './home-visits/routes';
import { ingestRoutes } from './ingest/routes';
import { keyRoutes } from './keys/routes';
import { logRoutes } from './logs/routes';
import { markerRoutes } from './markers/routes';
import { orderRoutes } from './orders/routes';
import { metricsRoutes } from './platform/metrics-routes';
import { alertLinkRoutes } from './notifications/link-routes';
import { notificationRoutes } from './notifications/routes';
import { subscriptionRoutes } from './notifications/subscription-routes';
import { peopleRoutes } from './people/routes';
import { publicDeviceRoutes } from './public-devices/routes';
import { reportRoutes } from './reports/routes';
import { responderRoutes } from './responders/routes';
import { routineRoutes } from './reports/routine-routes';
import { eventRoutes } from './realtime/routes';
import { retentionRoutes } from './retention/routes';
import { scratchListRoutes } from './scratch-lists/routes';
import { roleRoutes } from './roles/routes';
import { sightingRoutes } from './sightings/routes';
import { distributionStationRoutes } from './stations/routes';
import { storageRoutes } from './storage/routes';
import { tagRoutes } from './tags/routes';
import { userAdminRoutes, userRoutes } from './users/routes';
import { videoRoutes } from './video/routes';
import { warehouseRoutes } from './warehouse/routes';
import { zoneRoutes } from './zones/routes';

/**
 * Every area's routes, registered in this order by buildApp. A new area is its folder under src/
 * and one line here.
 */
export const AREA_ROUTES: readonly FastifyPluginAsync[] = [
  healthRoutes,
  metricsRoutes,
  authRoutes,
  oidcRoutes,
  providerRoutes,
  samlRoutes,
  ssoRoutes,
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
  sightingRoutes,
  responderRoutes,
  alertRoutes,
  peopleRoutes,
  homeVisitRoutes,
  distributionStationRoutes,
  distributionRoutes,
  publicDeviceRoutes,
  logRoutes,
  gatewayRoutes,
  tagRoutes,
  planRoutes,
  markerRoutes,
  basemapRoutes,
  subscriptionRoutes,
  notificationRoutes,
  alertLinkRoutes,
  videoRoutes,
  reportRoutes,
  routineRoutes,
  analyticsRoutes,
  retentionRoutes,
  assetRoutes,
  scratchListRoutes,
  orderRoutes,
  warehouseRoutes,
];
