import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { RouteId } from '@vigil/domain/routes';
import { loadChunk } from './chunk-load';

type Screen = LazyExoticComponent<ComponentType>;
const screen = <M>(load: () => Promise<M>, name: keyof M): Screen =>
  lazy(async () => ({ default: (await loadChunk(load))[name] as ComponentType }));

/**
 * The screens that exist, each its own lazy chunk. The router registers only these routes of the
 * domain's route table; every other path falls to /error/404 until its issue builds it.
 */
export const SCREENS: Partial<Record<RouteId, Screen | null>> = {
  root: null, // the guard always redirects from '/'
  login: screen(() => import('../features/login/login-screen'), 'LoginScreen'),
  error: screen(() => import('../features/errors/error-screen'), 'ErrorScreen'),
  zones: screen(() => import('../features/zones/zones-screen'), 'ZonesScreen'),
  users: screen(() => import('../features/users/users-screen'), 'UsersScreen'),
  roles: screen(() => import('../features/roles/roles-screen'), 'RolesScreen'),
  keys: screen(() => import('../features/keys/keys-screen'), 'KeysScreen'),
  alerts: screen(() => import('../features/alerts/alerts-screen'), 'AlertsScreen'),
  alert: screen(() => import('../features/alerts/alert-detail-screen'), 'AlertDetailScreen'),
  homeVisits: screen(() => import('../features/home-visits/home-visits-screen'), 'HomeVisitsScreen'),
  logAlerts: screen(() => import('../features/alerts/alert-log-screen'), 'AlertLogScreen'),
  people: screen(() => import('../features/people/people-screen'), 'PeopleScreen'),
  distributionStations: screen(() => import('../features/stations/stations-screen'), 'StationsScreen'),
  consoles: screen(() => import('../features/consoles/consoles-screen'), 'ConsolesScreen'),
  logAudit: screen(() => import('../features/logs/audit-log-screen'), 'AuditLogScreen'),
  logBatch: screen(() => import('../features/logs/batch-log-screen'), 'BatchLogScreen'),
  logSync: screen(() => import('../features/logs/sync-log-screen'), 'SyncLogScreen'),
  publicDevice: screen(() => import('../features/public-device/public-device-screen'), 'PublicDeviceScreen'),
  publicDeviceV1: screen(
    () => import('../features/public-device/public-device-screen'),
    'PublicDeviceScreen',
  ),
  gateways: screen(() => import('../features/gateways/gateways-screen'), 'GatewaysScreen'),
  outdoor: screen(() => import('../features/gateways/gateways-screen'), 'OutdoorScreen'),
  gateway: screen(() => import('../features/gateways/gateway-detail-screen'), 'GatewayDetailScreen'),
  tags: screen(() => import('../features/tags/tags-screen'), 'TagsScreen'),
  tag: screen(() => import('../features/tags/tag-detail-screen'), 'TagDetailScreen'),
  floorplans: screen(() => import('../features/floorplans/floorplans-screen'), 'FloorplansScreen'),
  responders: screen(() => import('../features/responders/responders-screen'), 'RespondersScreen'),
  subscriptions: screen(
    () => import('../features/subscriptions/subscriptions-screen'),
    'SubscriptionsScreen',
  ),
  logNotifications: screen(
    () => import('../features/notifications/delivery-log-screen'),
    'DeliveryLogScreen',
  ),
  link: screen(() => import('../features/alert-link/alert-link-screen'), 'AlertLinkScreen'),
  reports: screen(() => import('../features/reports/reports-index-screen'), 'ReportsIndexScreen'),
  disconnectedGateways: screen(
    () => import('../features/reports/disconnected-gateways-screen'),
    'DisconnectedGatewaysScreen',
  ),
  tagsNotSeen: screen(() => import('../features/reports/tags-not-seen-screen'), 'TagsNotSeenScreen'),
  tagsNotSeenDetails: screen(
    () => import('../features/reports/tags-not-seen-details-screen'),
    'TagsNotSeenDetailsScreen',
  ),
  tagsReplacement: screen(
    () => import('../features/reports/tags-replacement-screen'),
    'TagsReplacementScreen',
  ),
  tagsReplacementDetails: screen(
    () => import('../features/reports/tags-replacement-details-screen'),
    'TagsReplacementDetailsScreen',
  ),
  tagsFlaggedDetails: screen(
    () => import('../features/reports/tags-flagged-details-screen'),
    'TagsFlaggedDetailsScreen',
  ),
  reportRoutine: screen(() => import('../features/reports/routine-screen'), 'RoutineScreen'),
  analyticsIncidents: screen(() => import('../features/analytics/incidents-screen'), 'IncidentsScreen'),
  analyticsResponseTimes: screen(
    () => import('../features/analytics/response-times-screen'),
    'ResponseTimesScreen',
  ),
  assets: screen(() => import('../features/assets/assets-screen'), 'AssetsScreen'),
  asset: screen(() => import('../features/assets/asset-detail-screen'), 'AssetDetailScreen'),
  distribution: screen(() => import('../features/kiosk/station-picker-screen'), 'StationPickerScreen'),
  distributionStation: null, // the route table redirects it to …/home
  distributionHome: screen(() => import('../features/kiosk/kiosk-home-screen'), 'KioskHomeScreen'),
  distributionTap: screen(() => import('../features/kiosk/tap-screen'), 'TapScreen'),
  distributionScan: screen(() => import('../features/kiosk/scan-screen'), 'ScanScreen'),
  distributionStatus: screen(() => import('../features/kiosk/status-screen'), 'StatusScreen'),
  distributionActivate: screen(() => import('../features/kiosk/activate-screen'), 'ActivateScreen'),
  distributionCurrentTags: screen(() => import('../features/kiosk/current-tags-screen'), 'CurrentTagsScreen'),
  distributionSuccess: screen(() => import('../features/kiosk/success-screen'), 'SuccessScreen'),
  factoryHome: screen(() => import('../features/warehouse/factory-home-screen'), 'FactoryHomeScreen'),
  warehouseReceive: screen(() => import('../features/warehouse/receive-screen'), 'ReceiveScreen'),
  warehouseHome: screen(() => import('../features/warehouse/warehouse-home-screen'), 'WarehouseHomeScreen'),
  warehouseOrders: screen(
    () => import('../features/warehouse/warehouse-orders-screen'),
    'WarehouseOrdersScreen',
  ),
  warehouseShip: screen(() => import('../features/warehouse/order-step-screens'), 'ShipScreen'),
  warehouseQc: screen(() => import('../features/warehouse/order-step-screens'), 'QcScreen'),
  warehouseReturns: screen(() => import('../features/warehouse/returns-screen'), 'ReturnsScreen'),
  warehouseRepackaging: screen(() => import('../features/warehouse/repackaging-screen'), 'RepackagingScreen'),
  warehouseInventory: screen(() => import('../features/warehouse/inventory-screen'), 'InventoryScreen'),
  deviceReplacement: screen(
    () => import('../features/device-replacement/device-replacement-screen'),
    'DeviceReplacementScreen',
  ),
  orders: screen(() => import('../features/orders/orders-screen'), 'OrdersScreen'),
  orderRecipients: screen(() => import('../features/orders/recipients-screen'), 'RecipientsScreen'),
  tagScratchList: screen(
    () => import('../features/scratch-lists/scratch-list-screen'),
    'TagScratchListScreen',
  ),
  gatewayScratchList: screen(
    () => import('../features/scratch-lists/scratch-list-screen'),
    'GatewayScratchListScreen',
  ),
};

export const isRegistered = (routeId: RouteId): boolean => Object.hasOwn(SCREENS, routeId);
