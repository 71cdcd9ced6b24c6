import { describe, expect, it } from 'vitest';
import { FEATURE_FLAGS } from '../permissions/feature-flags';
import { abilityFor, can, fieldsOf, type Permission } from '../permissions/model';
import { ROLE_ABILITIES, type RoleName } from '../permissions/roles';
import { routeAllowed, routeLayout, routeRefusal, type NavigationContext } from './navigation';
import { ROUTES, ROUTE_BY_ID, type RouteId } from './route-table';

function ctxFor(role: RoleName, flags: Partial<Record<string, boolean>> = {}): NavigationContext {
  const ability = abilityFor(ROLE_ABILITIES[role]);
  return { can: (p) => can(ability, p), flags, registered: () => true, role };
}

describe('ROUTES (SPEC §2.1 route table)', () => {
  it('gives every route a unique id and path', () => {
    expect(new Set(ROUTES.map((r) => r.id)).size).toBe(ROUTES.length);
    expect(new Set(ROUTES.map((r) => r.path)).size).toBe(ROUTES.length);
  });

  it('checks only real fields of each subject and known flags', () => {
    const routes = Object.values(ROUTE_BY_ID);
    const checks: Permission[] = routes.flatMap((r) => [
      ...(r.permission ? [r.permission] : []),
      ...(r.anyOf ?? []).flat(),
    ]);
    for (const [, subject, field] of checks) if (field) expect(fieldsOf(subject)).toContain(field);
    for (const r of routes) if (r.featureFlag) expect(FEATURE_FLAGS).toContain(r.featureFlag);
  });
});

describe('routeAllowed (SPEC §2.1 each route has a permission rule; §2.2 kiosk roles)', () => {
  it.each<[RouteId, RoleName, Partial<Record<string, boolean>>, boolean]>([
    ['disconnectedGateways', 'admin', {}, true],
    ['disconnectedGateways', 'default', {}, false],
    ['responders', 'admin', { responderTools: true }, true],
    ['responders', 'admin', {}, false],
    ['outdoor', 'admin', { outdoor: true }, true],
    ['outdoor', 'admin', {}, false],
    ['tagScratchList', 'admin', {}, true],
    ['tagScratchList', 'default', {}, false],
    ['orders', 'admin', {}, false],
    ['orders', 'warehouseAutomation', {}, false],
    ['orders', 'superAdmin', {}, true],
    ['analyticsIncidents', 'smpReportUser', {}, true],
    ['keys', 'security', {}, false],
    ['alerts', 'security', {}, true],
    ['publicDevice', 'noAccess', {}, true],
    ['error', 'noAccess', {}, true],
    ['zones', 'noAccess', {}, false],
    ['distributionHome', 'distribution', {}, true],
    ['tags', 'distribution', {}, false],
    ['distributionHome', 'superAdmin', {}, true],
    ['factoryHome', 'factory', {}, true],
    ['warehouseHome', 'factory', {}, false],
    ['warehouseShip', 'warehouseTempo', {}, true],
    ['deviceReplacement', 'warehouse', {}, true],
    ['deviceReplacement', 'default', {}, false],
    // Issue 16: anyone signed in manages their own subscriptions; kiosk roles stay in their kiosk.
    ['subscriptions', 'security', {}, true],
    ['subscriptions', 'admin', {}, true],
    ['subscriptions', 'factory', {}, false],
  ])('%s for %s with flags %j → %s', (id, role, flags, expected) => {
    expect(routeAllowed(ROUTE_BY_ID[id], ctxFor(role, flags))).toBe(expected);
  });

  it('uses the layouts SPEC §2.1 names', () => {
    expect(ROUTE_BY_ID.login).toMatchObject({ auth: 'none', layout: 'empty' });
    expect(ROUTE_BY_ID.publicDeviceV1).toMatchObject({ auth: 'none', layout: 'logo' });
    expect(ROUTE_BY_ID.publicDevice).toMatchObject({ auth: 'none', layout: 'empty' });
    expect(ROUTE_BY_ID.link).toMatchObject({ auth: 'none', layout: 'logo' });
    expect(ROUTE_BY_ID.error).toMatchObject({ auth: 'none', layout: 'default' });
    expect(ROUTE_BY_ID.distributionHome).toMatchObject({ auth: 'key', layout: 'kiosk' });
    expect(ROUTE_BY_ID.distributionCurrentTags).toMatchObject({ layout: 'empty' });
    expect(ROUTE_BY_ID.analyticsResponseTimes).toMatchObject({ layout: 'noFooter' });
    expect(ROUTE_BY_ID.floorplans).toMatchObject({ layout: 'default', mobileAppLayout: 'empty' });
  });
});

describe('routeRefusal: why a route is refused (SPEC §2.1 error page 403)', () => {
  it.each<[RouteId, RoleName, Partial<Record<string, boolean>>, ReturnType<typeof routeRefusal>]>([
    ['outdoor', 'admin', {}, { kind: 'feature', flag: 'outdoor' }],
    ['outdoor', 'admin', { outdoor: true }, undefined],
    ['responders', 'admin', {}, { kind: 'feature', flag: 'responderTools' }],
    // The role could not open it with the flag on either: the role is the reason.
    ['outdoor', 'noAccess', {}, { kind: 'role' }],
    ['keys', 'security', {}, { kind: 'role' }],
    ['tags', 'distribution', {}, { kind: 'role' }],
    ['error', 'noAccess', {}, undefined],
  ])('%s for %s with flags %j → %j', (id, role, flags, expected) => {
    expect(routeRefusal(ROUTE_BY_ID[id], ctxFor(role, flags))).toEqual(expected);
  });
});

describe('routeLayout (SPEC §2.1: /floorplans has an empty layout inside a mobile gateway app)', () => {
  it.each([
    ['floorplans', '', 'default'],
    ['floorplans', '?app=gateway', 'empty'],
    ['floorplans', '?app=other', 'default'],
    ['tags', '?app=gateway', 'default'],
  ] as const)('%s with %j is drawn in the %s layout', (id, search, layout) => {
    expect(routeLayout(ROUTE_BY_ID[id], new URLSearchParams(search))).toBe(layout);
  });
});
