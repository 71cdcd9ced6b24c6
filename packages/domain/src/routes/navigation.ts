import type { FeatureFlag } from '../permissions/feature-flags';
import type { Permission } from '../permissions/model';
import type { RoleName } from '../permissions/roles';
import type { AppRoute, RouteLayout } from './route-types';
import type { RouteId } from './route-table';

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
