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
  /**
   * The screen's name in the browser tab ('Tags' → "Tags · Vigil"); ':name' is filled from the
   * route's parameters. A sidebar entry's own title wins on its path (Nodes, Indoor Gateways).
   */
  readonly title: string;
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
  { id: 'root', title: 'Start', path: '/', auth: 'user', layout: 'loading' },
  { id: 'login', title: 'Sign in', path: '/login', auth: 'none', layout: 'empty' },
  {
    id: 'alerts',
    title: 'Alerts',
    path: '/alerts/:consoleId?',
    auth: 'user',
    layout: 'default',
    permission: ['read', 'Alert'],
  },
  {
    id: 'alert',
    title: 'Alert',
    path: '/alert/:id',
    auth: 'user',
    layout: 'default',
    permission: ['read', 'Alert'],
  },
  {
    id: 'disconnectedGateways',
    title: 'Disconnected Gateways',
    path: '/health/disconnected-gateways',
    auth: 'user',
    layout: 'default',
    permission: ['read', 'Report', 'metrics'],
  },
  {
    id: 'homeVisits',
    title: 'Home Visits',
    path: '/home-visits',
    auth: 'user',
    layout: 'default',
    permission: ['list', 'HomeVisit'],
  },
  {
    id: 'gateways',
    title: 'Gateways',
    path: '/gateways',
    auth: 'user',
    layout: 'default',
    permission: ['list', 'Gateway'],
  },
  {
    id: 'outdoor',
    title: 'Outdoor Gateways',
    path: '/outdoor/:type',
    auth: 'user',
    layout: 'default',
    permission: ['read', 'Gateway', 'outdoor'],
    featureFlag: 'outdoor',
    paramPattern: { type: /^(nodes|bridges)$/ },
  },
  {
    id: 'consoles',
    title: 'Consoles',
    path: '/consoles',
    auth: 'user',
    layout: 'default',
    permission: ['list', 'Console'],
  },
  {
    id: 'distributionStations',
    title: 'Distribution Stations',
    path: '/distribution-stations',
    auth: 'user',
    layout: 'default',
    permission: ['list', 'DistributionStation'],
  },
  { id: 'tags', title: 'Tags', path: '/tags', auth: 'user', layout: 'default', permission: ['list', 'Tag'] },
  {
    id: 'people',
    title: 'People',
    path: '/people',
    auth: 'user',
    layout: 'default',
    permission: ['list', 'Person'],
  },
  {
    id: 'floorplans',
    title: 'Floor Plans',
    path: '/floorplans/:floorId?',
    auth: 'user',
    layout: 'default',
    mobileAppLayout: 'empty',
    permission: ['read', 'FloorPlan'],
  },
  {
    id: 'logAlerts',
    title: 'Alert Log',
    path: '/log/alerts',
    auth: 'user',
    layout: 'default',
    permission: ['list', 'LogAlert'],
  },
  {
    id: 'logSync',
    title: 'Sync Log',
    path: '/log/sync',
    auth: 'user',
    layout: 'default',
    permission: ['list', 'LogSync'],
  },
  {
    id: 'logAudit',
    title: 'Change Log',
    path: '/log/audit/:requestId?',
    auth: 'user',
    layout: 'default',
    permission: ['list', 'LogAudit'],
  },
  {
    id: 'logBatch',
    title: 'Batch Operations Log',
    path: '/log/batch',
    auth: 'user',
    layout: 'default',
    permission: ['list', 'LogBatch'],
  },
  {
    id: 'responders',
    title: 'Responders',
    path: '/responders',
    auth: 'user',
    layout: 'default',
    permission: ['read', 'Tag', 'responders'],
    featureFlag: 'responderTools',
  },
  {
    id: 'reports',
    title: 'Reports',
    path: '/reports',
    auth: 'user',
    layout: 'default',
    permission: ['read', 'Report'],
  },
  {
    id: 'tagsFlaggedDetails',
    title: 'Flagged Tags',
    path: '/reports/tags-flagged/details',
    auth: 'user',
    layout: 'default',
    permission: ['read', 'Report', 'tags'],
  },
  {
    id: 'tagsReplacement',
    title: 'Tag Replacement Timeline',
    path: '/reports/tags-replacement',
    auth: 'user',
    layout: 'default',
    permission: ['read', 'Report', 'replacement'],
  },
  {
    id: 'tagsReplacementDetails',
    title: 'Tag Replacement Details',
    path: '/reports/tags-replacement/details',
    auth: 'user',
    layout: 'default',
    permission: ['read', 'Report', 'replacement'],
  },
  {
    id: 'tagsNotSeen',
    title: 'Missing Tags',
    path: '/reports/tags-not-seen',
    auth: 'user',
    layout: 'default',
    permission: ['read', 'Report', 'tags'],
  },
  {
    id: 'tagsNotSeenDetails',
    title: 'Missing Tags Details',
    path: '/reports/tags-not-seen/details',
    auth: 'user',
    layout: 'default',
    permission: ['read', 'Report', 'tags'],
  },
  {
    id: 'reportRoutine',
    title: 'Report :id',
    path: '/reports/:id',
    auth: 'user',
    layout: 'default',
    permission: ['read', 'Report'],
    paramPattern: { id: /^[A-Za-z0-9_]+$/ },
  },
  {
    id: 'gatewayScratchList',
    title: 'Gateway Scratch List',
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
    title: 'Tag Scratch List',
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
    title: 'Orders',
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
    title: 'Orders Address Book',
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
    title: 'Tag :id',
    path: '/tag/:id',
    auth: 'user',
    layout: 'default',
    permission: ['read', 'Tag'],
    paramPattern: { id: HEX12 },
  },
  {
    id: 'gateway',
    title: 'Gateway :id',
    path: '/gateway/:id',
    auth: 'user',
    layout: 'default',
    permission: ['read', 'Gateway'],
    paramPattern: { id: HEX12 },
  },
  {
    id: 'publicDeviceV1',
    title: 'Device :id',
    path: '/v1/:type/:id',
    auth: 'none',
    layout: 'logo',
    paramPattern: { id: HEX12 },
  },
  {
    id: 'deviceReplacement',
    title: 'Device Replacement',
    path: '/device/replacement',
    ...KIOSK,
    permission: ['update', 'Gateway'],
    roles: ['factory', 'warehouse', 'warehouseTempo'],
  },
  {
    id: 'subscriptions',
    title: 'Subscriptions',
    path: '/subscriptions',
    auth: 'user',
    layout: 'default',
    permission: ['list', 'Subscription'],
  },
  {
    id: 'zones',
    title: 'Zones',
    path: '/zones',
    auth: 'user',
    layout: 'default',
    permission: ['list', 'Zone'],
  },
  {
    id: 'users',
    title: 'Users',
    path: '/users',
    auth: 'user',
    layout: 'default',
    permission: ['list', 'User'],
  },
  {
    id: 'roles',
    title: 'Roles',
    path: '/roles',
    auth: 'user',
    layout: 'default',
    permission: ['list', 'Role'],
  },
  {
    id: 'keys',
    title: 'API Keys',
    path: '/keys',
    auth: 'user',
    layout: 'default',
    permission: ['list', 'User'],
  },
  { id: 'link', title: 'Sign-in Link', path: '/link/a/:token', auth: 'none', layout: 'logo' },
  // The shell for a signed-in user (header and sidebar), the header alone for anyone else.
  { id: 'error', title: 'Error :code', path: '/error/:code', auth: 'none', layout: 'default' },
  {
    id: 'distribution',
    title: 'Distribution Stations',
    path: '/distribution',
    ...STATION,
    permission: ['read', 'DistributionStation'],
  },
  {
    id: 'distributionStation',
    title: 'Distribution',
    path: '/distribution/:station',
    ...STATION,
    permission: ['read', 'DistributionStation'],
    redirectTo: '/distribution/:station/home',
  },
  {
    id: 'distributionHome',
    title: 'Distribution',
    path: '/distribution/:station/home',
    ...STATION,
    permission: ['read', 'DistributionStation'],
  },
  {
    id: 'distributionTap',
    title: 'Tap a Tag',
    path: '/distribution/:station/tap',
    ...STATION,
    permission: ['update', 'Tag'],
  },
  {
    id: 'distributionScan',
    title: 'Scan a Tag',
    path: '/distribution/:station/scan',
    ...STATION,
    permission: ['update', 'Tag'],
  },
  {
    id: 'distributionStatus',
    title: 'Tag Status',
    path: '/distribution/:station/status',
    ...STATION,
    permission: ['read', 'Tag'],
  },
  {
    id: 'distributionActivate',
    title: 'Activate a Tag',
    path: '/distribution/:station/activate',
    ...STATION,
    permission: ['update', 'Tag'],
  },
  {
    id: 'distributionCurrentTags',
    title: 'Current Tags',
    path: '/distribution/:station/current-tags',
    ...STATION,
    layout: 'empty',
    permission: ['list', 'Tag'],
  },
  {
    id: 'distributionSuccess',
    title: 'Done',
    path: '/distribution/:station/success',
    ...STATION,
    permission: ['read', 'DistributionStation'],
  },
  {
    id: 'factoryHome',
    title: 'Factory',
    path: '/factory/home',
    ...KIOSK,
    permission: ['update', 'Inventory'],
    roles: ['factory'],
  },
  {
    id: 'warehouseHome',
    title: 'Warehouse',
    path: '/warehouse/home',
    ...KIOSK,
    permission: ['read', 'Inventory'],
    roles: WAREHOUSE,
  },
  {
    id: 'warehouseReturns',
    title: 'Returns',
    path: '/warehouse/returns',
    ...KIOSK,
    permission: ['update', 'Inventory'],
    roles: WAREHOUSE,
  },
  {
    id: 'warehouseReceive',
    title: 'Receive',
    path: '/warehouse/logistics/receive',
    ...KIOSK,
    permission: ['update', 'Inventory'],
    roles: WAREHOUSE,
  },
  {
    id: 'warehouseShip',
    title: 'Ship',
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
    title: 'Warehouse Orders',
    path: '/warehouse/orders',
    ...KIOSK,
    permission: ['list', 'Order'],
    roles: WAREHOUSE,
  },
  {
    id: 'warehouseQc',
    title: 'Quality Control',
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
    title: 'Repackaging',
    path: '/warehouse/repackaging',
    ...KIOSK,
    permission: ['update', 'Inventory'],
    roles: WAREHOUSE,
  },
  {
    id: 'warehouseInventory',
    title: 'Inventory',
    path: '/warehouse/inventory',
    ...KIOSK,
    permission: ['list', 'Inventory'],
    roles: WAREHOUSE,
  },
  {
    id: 'publicDevice',
    title: 'Device :id',
    path: '/:id',
    auth: 'none',
    layout: 'empty',
    paramPattern: { id: HEX12 },
  },
  {
    id: 'analyticsIncidents',
    title: 'Incidents',
    path: '/analytics/incidents',
    auth: 'user',
    layout: 'noFooter',
    permission: ['read', 'Report', 'analytics'],
  },
  {
    id: 'analyticsResponseTimes',
    title: 'Response Times',
    path: '/analytics/response-times',
    auth: 'user',
    layout: 'noFooter',
    permission: ['read', 'Report', 'analytics'],
  },
  {
    id: 'assets',
    title: 'Assets',
    path: '/assets',
    auth: 'user',
    layout: 'default',
    permission: ['list', 'Asset'],
  },
  {
    id: 'asset',
    title: 'Asset',
    path: '/assets/:id',
    auth: 'user',
    layout: 'default',
    permission: ['read', 'Asset'],
  },
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

/**
 * Why a route is refused: the role's abilities (a kiosk role outside its kiosk included), or a
 * feature flag that is off for the user's zone while the role would be allowed.
 */
export type RouteRefusal = { kind: 'role' } | { kind: 'feature'; flag: FeatureFlag };

/** SPEC §2.1: why the user may not open a route (error page 403), or undefined when they may. */
export function routeRefusal(route: AppRoute, ctx: NavigationContext): RouteRefusal | undefined {
  if (route.auth === 'none') return undefined;
  if (kioskHome(ctx.role) && !(route.roles as readonly string[] | undefined)?.includes(ctx.role ?? '')) {
    return { kind: 'role' };
  }
  if (route.permission && !ctx.can(route.permission)) return { kind: 'role' };
  if (route.anyOf && !route.anyOf.some((group) => group.every((p) => ctx.can(p)))) return { kind: 'role' };
  if (route.featureFlag !== undefined && ctx.flags[route.featureFlag] !== true) {
    return { kind: 'feature', flag: route.featureFlag };
  }
  return undefined;
}

/** SPEC §2.1: whether the user may open a route (a failing rule gives error page 403). */
export function routeAllowed(route: AppRoute, ctx: NavigationContext): boolean {
  return routeRefusal(route, ctx) === undefined;
}

/**
 * How the mobile gateway app opens a screen inside itself (SPEC §2.1 /floorplans: "Empty layout
 * when shown inside a mobile gateway app"): the query parameter `app=gateway` (docs/API.md).
 */
export const MOBILE_APP_QUERY = { name: 'app', value: 'gateway' } as const;

/** The layout a route is drawn in: its mobile-app layout when the gateway app asks, else its own. */
export function routeLayout(route: AppRoute, query: URLSearchParams): RouteLayout {
  const inApp = query.get(MOBILE_APP_QUERY.name) === MOBILE_APP_QUERY.value;
  return (inApp && route.mobileAppLayout) || route.layout;
}
