import type { FeatureFlag } from '../permissions/feature-flags';
import type { Permission } from '../permissions/model';
import type { RoleName } from '../permissions/roles';

// SPEC §2.1 as data: the router, the guard, the sidebar and the tests read this one table.
// Kept light (type imports only) so the login page can load it. Where SPEC gives a screen no
// permission, the natural one is chosen (list <Subject> for a list screen, read for a detail).

/** 'user': a signed-in session; 'key': a kiosk session (an API key, or a user); 'none': public. */
export type RouteAuth = 'user' | 'none' | 'key';
export type RouteLayout = 'default' | 'noFooter' | 'empty' | 'kiosk' | 'logo' | 'loading';

export type AppRoute = {
  readonly id: string;
  /** React Router style: ':name' is a parameter, ':name?' an optional trailing one. */
  readonly path: string;
  readonly auth: RouteAuth;
  readonly layout: RouteLayout;
  /** The layout inside a mobile gateway app (SPEC §2.1 /floorplans). */
  readonly mobileAppLayout?: RouteLayout;
  readonly permission?: Permission;
  /** Alternatives, each a list of checks that must all pass. */
  readonly anyOf?: readonly (readonly Permission[])[];
  readonly featureFlag?: FeatureFlag;
  /** The kiosk roles this route belongs to; a kiosk role opens only routes naming it (SPEC §2.2). */
  readonly roles?: readonly RoleName[];
  /** A parameter that must match its pattern, else the path matches nothing (404). */
  readonly paramPattern?: Readonly<Record<string, RegExp>>;
  /** Where the route sends the user, its parameters filled in. */
  readonly redirectTo?: string;
};

const HEX12 = /^[0-9a-fA-F]{12}$/;
const DISTRIBUTION = ['distribution'] as const;
const WAREHOUSE = ['warehouse', 'warehouseTempo'] as const;
const KIOSK = { auth: 'user', layout: 'kiosk' } as const;
const STATION = { auth: 'key', layout: 'kiosk', roles: DISTRIBUTION } as const;

export const ROUTES = [
  { id: 'root', path: '/', auth: 'user', layout: 'loading' },
  { id: 'login', path: '/login', auth: 'none', layout: 'empty' },
  {
    id: 'alerts',
    path: '/alerts/:consoleId?',
    auth: 'user',
    layout: 'default',
    permission: ['read', 'Alert'],
  },
  { id: 'alert', path: '/alert/:id', auth: 'user', layout: 'default', permission: ['read', 'Alert'] },
  {
    id: 'disconnectedGateways',
    path: '/health/disconnected-gateways',
    auth: 'user',
    layout: 'default',
    permission: ['read', 'Report', 'metrics'],
  },
  {
    id: 'homeVisits',
    path: '/home-visits',
    auth: 'user',
    layout: 'default',
    permission: ['list', 'HomeVisit'],
  },
  { id: 'gateways', path: '/gateways', auth: 'user', layout: 'default', permission: ['list', 'Gateway'] },
  {
    id: 'outdoor',
    path: '/outdoor/:type',
    auth: 'user',
    layout: 'default',
    permission: ['read', 'Gateway', 'outdoor'],
    featureFlag: 'outdoor',
    paramPattern: { type: /^(nodes|bridges)$/ },
  },
  { id: 'consoles', path: '/consoles', auth: 'user', layout: 'default', permission: ['list', 'Console'] },
  {
    id: 'distributionStations',
    path: '/distribution-stations',
    auth: 'user',
    layout: 'default',
    permission: ['list', 'DistributionStation'],
  },
  { id: 'tags', path: '/tags', auth: 'user', layout: 'default', permission: ['list', 'Tag'] },
  { id: 'people', path: '/people', auth: 'user', layout: 'default', permission: ['list', 'Person'] },
  {
    id: 'floorplans',
    path: '/floorplans/:floorId?',
    auth: 'user',
    layout: 'default',
    mobileAppLayout: 'empty',
    permission: ['read', 'FloorPlan'],
  },
  { id: 'logAlerts', path: '/log/alerts', auth: 'user', layout: 'default', permission: ['list', 'LogAlert'] },
  { id: 'logSync', path: '/log/sync', auth: 'user', layout: 'default', permission: ['list', 'LogSync'] },
  {
    id: 'logAudit',
    path: '/log/audit/:requestId?',
    auth: 'user',
    layout: 'default',
    permission: ['list', 'LogAudit'],
  },
  { id: 'logBatch', path: '/log/batch', auth: 'user', layout: 'default', permission: ['list', 'LogBatch'] },
  {
    id: 'responders',
    path: '/responders',
    auth: 'user',
    layout: 'default',
    permission: ['read', 'Tag', 'responders'],
    featureFlag: 'responderTools',
  },
  { id: 'reports', path: '/reports', auth: 'user', layout: 'default', permission: ['read', 'Report'] },
  {
    id: 'tagsFlaggedDetails',
    path: '/reports/tags-flagged/details',
    auth: 'user',
    layout: 'default',
    permission: ['read', 'Report', 'tags'],
  },
  {
    id: 'tagsReplacement',
    path: '/reports/tags-replacement',
    auth: 'user',
    layout: 'default',
    permission: ['read', 'Report', 'replacement'],
  },
  {
    id: 'tagsReplacementDetails',
    path: '/reports/tags-replacement/details',
    auth: 'user',
    layout: 'default',
    permission: ['read', 'Report', 'replacement'],
  },
  {
    id: 'tagsNotSeen',
    path: '/reports/tags-not-seen',
    auth: 'user',
    layout: 'default',
    permission: ['read', 'Report', 'tags'],
  },
  {
    id: 'tagsNotSeenDetails',
    path: '/reports/tags-not-seen/details',
    auth: 'user',
    layout: 'default',
    permission: ['read', 'Report', 'tags'],
  },
  {
    id: 'reportRoutine',
    path: '/reports/:id',
    auth: 'user',
    layout: 'default',
    permission: ['read', 'Report'],
    paramPattern: { id: /^[A-Za-z0-9_]+$/ },
  },
  {
    id: 'gatewayScratchList',
    path: '/operations/gateways',
    auth: 'user',
    layout: 'default',
    anyOf: [
      [
        ['list', 'Gateway'],
        ['update', 'Gateway'],
      ],
    ],
  },
  {
    id: 'tagScratchList',
    path: '/operations/tags',
    auth: 'user',
    layout: 'default',
    anyOf: [
      [
        ['list', 'Tag'],
        ['update', 'Tag'],
      ],
    ],
  },
  {
    id: 'orders',
    path: '/operations/orders',
    auth: 'user',
    layout: 'default',
    anyOf: [
      [
        ['list', 'Order'],
        ['update', 'Order'],
      ],
    ],
  },
  {
    id: 'orderRecipients',
    path: '/operations/orders/recipients',
    auth: 'user',
    layout: 'default',
    anyOf: [
      [
        ['list', 'Order'],
        ['update', 'Order'],
      ],
    ],
  },
  {
    id: 'tag',
    path: '/tag/:id',
    auth: 'user',
    layout: 'default',
    permission: ['read', 'Tag'],
    paramPattern: { id: HEX12 },
  },
  {
    id: 'gateway',
    path: '/gateway/:id',
    auth: 'user',
    layout: 'default',
    permission: ['read', 'Gateway'],
    paramPattern: { id: HEX12 },
  },
  { id: 'publicDeviceV1', path: '/v1/:type/:id', auth: 'none', layout: 'logo', paramPattern: { id: HEX12 } },
  {
    id: 'deviceReplacement',
    path: '/device/replacement',
    ...KIOSK,
    permission: ['update', 'Gateway'],
    roles: ['factory', 'warehouse', 'warehouseTempo'],
  },
  {
    id: 'subscriptions',
    path: '/subscriptions',
    auth: 'user',
    layout: 'default',
    permission: ['list', 'Subscription'],
  },
  { id: 'zones', path: '/zones', auth: 'user', layout: 'default', permission: ['list', 'Zone'] },
  { id: 'users', path: '/users', auth: 'user', layout: 'default', permission: ['list', 'User'] },
  { id: 'roles', path: '/roles', auth: 'user', layout: 'default', permission: ['list', 'Role'] },
  { id: 'keys', path: '/keys', auth: 'user', layout: 'default', permission: ['list', 'User'] },
  { id: 'link', path: '/link/a/:token', auth: 'none', layout: 'logo' },
  { id: 'error', path: '/error/:code', auth: 'none', layout: 'logo' },
  { id: 'distribution', path: '/distribution', ...STATION, permission: ['read', 'DistributionStation'] },
  {
    id: 'distributionStation',
    path: '/distribution/:station',
    ...STATION,
    permission: ['read', 'DistributionStation'],
    redirectTo: '/distribution/:station/home',
  },
  {
    id: 'distributionHome',
    path: '/distribution/:station/home',
    ...STATION,
    permission: ['read', 'DistributionStation'],
  },
  { id: 'distributionTap', path: '/distribution/:station/tap', ...STATION, permission: ['update', 'Tag'] },
  { id: 'distributionScan', path: '/distribution/:station/scan', ...STATION, permission: ['update', 'Tag'] },
  {
    id: 'distributionStatus',
    path: '/distribution/:station/status',
    ...STATION,
    permission: ['read', 'Tag'],
  },
  {
    id: 'distributionActivate',
    path: '/distribution/:station/activate',
    ...STATION,
    permission: ['update', 'Tag'],
  },
  {
    id: 'distributionCurrentTags',
    path: '/distribution/:station/current-tags',
    ...STATION,
    layout: 'empty',
    permission: ['list', 'Tag'],
  },
  {
    id: 'distributionSuccess',
    path: '/distribution/:station/success',
    ...STATION,
    permission: ['read', 'DistributionStation'],
  },
  {
    id: 'factoryHome',
    path: '/factory/home',
    ...KIOSK,
    permission: ['update', 'Inventory'],
    roles: ['factory'],
  },
  {
    id: 'warehouseHome',
    path: '/warehouse/home',
    ...KIOSK,
    permission: ['read', 'Inventory'],
    roles: WAREHOUSE,
  },
  {
    id: 'warehouseReturns',
    path: '/warehouse/returns',
    ...KIOSK,
    permission: ['update', 'Inventory'],
    roles: WAREHOUSE,
  },
  {
    id: 'warehouseReceive',
    path: '/warehouse/logistics/receive',
    ...KIOSK,
    permission: ['update', 'Inventory'],
    roles: WAREHOUSE,
  },
  {
    id: 'warehouseShip',
    path: '/warehouse/logistics/ship/:order?',
    ...KIOSK,
    anyOf: [
      [
        ['update', 'Inventory'],
        ['read', 'Order'],
      ],
    ],
    roles: WAREHOUSE,
  },
  {
    id: 'warehouseOrders',
    path: '/warehouse/orders',
    ...KIOSK,
    permission: ['list', 'Order'],
    roles: WAREHOUSE,
  },
  {
    id: 'warehouseQc',
    path: '/warehouse/logistics/qc/:order?',
    ...KIOSK,
    anyOf: [
      [
        ['update', 'Inventory'],
        ['read', 'Order'],
      ],
    ],
    roles: WAREHOUSE,
  },
  {
    id: 'warehouseRepackaging',
    path: '/warehouse/repackaging',
    ...KIOSK,
    permission: ['update', 'Inventory'],
    roles: WAREHOUSE,
  },
  {
    id: 'warehouseInventory',
    path: '/warehouse/inventory',
    ...KIOSK,
    permission: ['list', 'Inventory'],
    roles: WAREHOUSE,
  },
  { id: 'publicDevice', path: '/:id', auth: 'none', layout: 'empty', paramPattern: { id: HEX12 } },
  {
    id: 'analyticsIncidents',
    path: '/analytics/incidents',
    auth: 'user',
    layout: 'noFooter',
    permission: ['read', 'Report', 'analytics'],
  },
  {
    id: 'analyticsResponseTimes',
    path: '/analytics/response-times',
    auth: 'user',
    layout: 'noFooter',
    permission: ['read', 'Report', 'analytics'],
  },
  { id: 'assets', path: '/assets', auth: 'user', layout: 'default', permission: ['list', 'Asset'] },
  { id: 'asset', path: '/assets/:id', auth: 'user', layout: 'default', permission: ['read', 'Asset'] },
] as const satisfies readonly AppRoute[];

export type RouteId = (typeof ROUTES)[number]['id'];

export const ROUTE_BY_ID = Object.fromEntries(ROUTES.map((route) => [route.id, route])) as Readonly<
  Record<RouteId, AppRoute>
>;

/** SPEC §2.2: each kiosk role's home; a kiosk role opens only routes whose `roles` name it. */
export const KIOSK_HOMES = {
  distribution: 'distribution',
  factory: 'factoryHome',
  warehouse: 'warehouseHome',
  warehouseTempo: 'warehouseHome',
} as const satisfies Partial<Record<RoleName, RouteId>>;

/** What a route check needs to know about the user (built by the console from its ability). */
export type NavigationContext = {
  can(permission: Permission): boolean;
  flags: Readonly<Partial<Record<FeatureFlag, boolean>>>;
  /** Whether the console has a screen for this route yet (later issues register more). */
  registered(routeId: RouteId): boolean;
  /** Stored report routines (SPEC §2.4 Reports). */
  routines?: readonly { id: string }[];
  role?: string;
};

/** SPEC §2.2: the kiosk home of a role, if it is a kiosk role. */
export function kioskHome(role: string | undefined): RouteId | undefined {
  return role !== undefined && Object.hasOwn(KIOSK_HOMES, role)
    ? KIOSK_HOMES[role as keyof typeof KIOSK_HOMES]
    : undefined;
}

/** SPEC §2.1: whether the user may open a route (a failing rule gives error page 403). */
export function routeAllowed(route: AppRoute, ctx: NavigationContext): boolean {
  if (route.auth === 'none') return true;
  if (kioskHome(ctx.role) && !(route.roles as readonly string[] | undefined)?.includes(ctx.role ?? '')) {
    return false;
  }
  if (route.permission && !ctx.can(route.permission)) return false;
  if (route.anyOf && !route.anyOf.some((group) => group.every((p) => ctx.can(p)))) return false;
  return route.featureFlag === undefined || ctx.flags[route.featureFlag] === true;
}
