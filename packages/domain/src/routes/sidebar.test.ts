import { describe, expect, it } from 'vitest';
import { FEATURE_FLAGS, type FeatureFlag } from '../permissions/feature-flags';
import { abilityFor, can, permissionLabel, type Permission } from '../permissions/model';
import { ROLE_ABILITIES, mayHearAlerts, type RoleName } from '../permissions/roles';
import type { NavigationContext } from './navigation';
import type { RouteId } from './route-table';
import { landingRoute, routineLabel, visibleSidebar } from './sidebar';

const ALL_FLAGS = Object.fromEntries(FEATURE_FLAGS.map((f) => [f, true])) as Record<FeatureFlag, boolean>;

function ctxFor(role: RoleName, extra: Partial<NavigationContext> = {}): NavigationContext {
  const ability = abilityFor(ROLE_ABILITIES[role]);
  return { can: (p) => can(ability, p), flags: {}, registered: () => true, role, ...extra };
}

/** A user holding exactly the listed checks (CASL aside), to test one rule at a time. */
function ctxHolding(permissions: Permission[], extra: Partial<NavigationContext> = {}): NavigationContext {
  const held = new Set(permissions.map(permissionLabel));
  return { can: (p) => held.has(permissionLabel(p)), flags: {}, registered: () => true, ...extra };
}

const titles = (ctx: NavigationContext) =>
  visibleSidebar(ctx).map((group) => [group.title, group.entries.map((e) => e.title)] as const);
const paths = (ctx: NavigationContext) => visibleSidebar(ctx).flatMap((g) => g.entries.map((e) => e.path));

describe('visibleSidebar (SPEC §2.4)', () => {
  it('shows a superAdmin every group and title exactly as SPEC names them (and issue 16’s Notification Log)', () => {
    expect(titles(ctxFor('superAdmin'))).toEqual([
      ['Dashboard', ['Alerts', 'Home Visits', 'Alert Log', 'Floor Plans']],
      ['System Health', ['Disconnected Gateways', 'Tag Replacement Timeline']],
      ['Analytics', ['Incidents', 'Response Times']],
      ['Devices', ['Tags', 'Gateways', 'Consoles', 'Distribution Stations', 'Assets']],
      ['Settings', ['People', 'Subscriptions', 'Zones', 'Users', 'Roles', 'API Keys']],
      ['Operations', ['Tag Scratch List', 'Gateway Scratch List', 'Orders', 'Orders Address Book']],
      ['Reports', ['Missing Tags']],
      ['Logs', ['Sync Log', 'Change Log', 'Batch Operations Log', 'Notification Log']],
    ]);
  });

  it("titles Gateways 'Indoor Gateways' and adds the outdoor Nodes and Bridges when the outdoor flag is on", () => {
    const devices = visibleSidebar(ctxFor('superAdmin', { flags: ALL_FLAGS })).find(
      (g) => g.id === 'devices',
    );
    expect(devices?.entries).toEqual([
      { routeId: 'tags', title: 'Tags', path: '/tags' },
      { routeId: 'gateways', title: 'Indoor Gateways', path: '/gateways' },
      { routeId: 'outdoor', title: 'Nodes', path: '/outdoor/nodes', section: 'Outdoor' },
      { routeId: 'outdoor', title: 'Bridges', path: '/outdoor/bridges', section: 'Outdoor' },
      { routeId: 'consoles', title: 'Consoles', path: '/consoles' },
      { routeId: 'distributionStations', title: 'Distribution Stations', path: '/distribution-stations' },
      { routeId: 'assets', title: 'Assets', path: '/assets' },
    ]);
  });

  it.each<[string, Permission[], Partial<Record<FeatureFlag, boolean>>, string, boolean]>([
    ['API Keys needs list User', [['list', 'User']], {}, '/keys', true],
    ['API Keys is hidden with read User only', [['read', 'User']], {}, '/keys', false],
    [
      'Tag Scratch List needs list and update Tag',
      [
        ['list', 'Tag'],
        ['update', 'Tag'],
      ],
      {},
      '/operations/tags',
      true,
    ],
    ['Tag Scratch List is hidden with list Tag only', [['list', 'Tag']], {}, '/operations/tags', false],
    ['Tag Scratch List is hidden with update Tag only', [['update', 'Tag']], {}, '/operations/tags', false],
    [
      'Gateway Scratch List needs list and update Gateway',
      [
        ['list', 'Gateway'],
        ['update', 'Gateway'],
      ],
      {},
      '/operations/gateways',
      true,
    ],
    [
      'Gateway Scratch List is hidden with list Gateway only',
      [['list', 'Gateway']],
      {},
      '/operations/gateways',
      false,
    ],
    [
      'Orders needs list and update Order',
      [
        ['list', 'Order'],
        ['update', 'Order'],
      ],
      {},
      '/operations/orders',
      true,
    ],
    ['Orders is hidden with list Order only', [['list', 'Order']], {}, '/operations/orders', false],
    [
      'Orders Address Book needs list and update Order',
      [
        ['list', 'Order'],
        ['update', 'Order'],
      ],
      {},
      '/operations/orders/recipients',
      true,
    ],
    [
      'Orders Address Book is hidden with update Order only',
      [['update', 'Order']],
      {},
      '/operations/orders/recipients',
      false,
    ],
    [
      'Tags with list Tag and read Tag batteryLevel',
      [
        ['list', 'Tag'],
        ['read', 'Tag', 'batteryLevel'],
      ],
      {},
      '/tags',
      true,
    ],
    [
      'Tags with list Tag and the tag-management flag',
      [['list', 'Tag']],
      { tagManagement: true },
      '/tags',
      true,
    ],
    ['Tags hidden with list Tag alone', [['list', 'Tag']], {}, '/tags', false],
    [
      'Disconnected Gateways needs read Report metrics',
      [
        ['read', 'Report'],
        ['read', 'Report', 'metrics'],
      ],
      {},
      '/health/disconnected-gateways',
      true,
    ],
    [
      'Disconnected Gateways hidden with read Report only',
      [['read', 'Report']],
      {},
      '/health/disconnected-gateways',
      false,
    ],
    [
      'Tag Replacement Timeline needs read Report replacement',
      [
        ['read', 'Report'],
        ['read', 'Report', 'replacement'],
      ],
      {},
      '/reports/tags-replacement',
      true,
    ],
    [
      'Missing Tags needs read Report tags',
      [
        ['read', 'Report'],
        ['read', 'Report', 'tags'],
      ],
      {},
      '/reports/tags-not-seen',
      true,
    ],
    ['Missing Tags hidden with read Report only', [['read', 'Report']], {}, '/reports/tags-not-seen', false],
    [
      'Analytics needs read Report analytics',
      [
        ['read', 'Report'],
        ['read', 'Report', 'analytics'],
      ],
      {},
      '/analytics/incidents',
      true,
    ],
    ['Floor Plans shows with read FloorPlan only', [['read', 'FloorPlan']], {}, '/floorplans', true],
    ['Gateways shows with list Gateway', [['list', 'Gateway']], {}, '/gateways', true],
    [
      'Nodes needs the outdoor flag',
      [
        ['list', 'Gateway'],
        ['read', 'Gateway', 'outdoor'],
      ],
      {},
      '/outdoor/nodes',
      false,
    ],
    [
      'Nodes with the outdoor flag',
      [
        ['list', 'Gateway'],
        ['read', 'Gateway', 'outdoor'],
      ],
      { outdoor: true },
      '/outdoor/nodes',
      true,
    ],
  ])('%s', (_, held, flags, path, visible) => {
    expect(paths(ctxHolding(held, { flags })).includes(path)).toBe(visible);
  });

  it('lists only entries whose screen is registered', () => {
    const registered = (id: RouteId) => id === 'zones' || id === 'users';
    expect(titles(ctxFor('admin', { registered }))).toEqual([['Settings', ['Zones', 'Users']]]);
  });

  it('gives the security user and the admin different sidebars, as their abilities say', () => {
    expect(titles(ctxFor('security'))).toEqual([
      ['Dashboard', ['Alerts', 'Floor Plans']],
      ['Settings', ['Zones']],
    ]);
    expect(titles(ctxFor('admin'))).toContainEqual([
      'Settings',
      ['People', 'Subscriptions', 'Zones', 'Users', 'Roles', 'API Keys'],
    ]);
  });

  it('shows noAccess nothing', () => {
    expect(visibleSidebar(ctxFor('noAccess'))).toEqual([]);
  });

  it('adds stored report routines under Reports, grouped and titled from each id, for read Report', () => {
    const routines = [
      { id: 'alerts_by_unit' },
      { id: 'tags_battery_summary' },
      { id: 'alerts_by_hour' },
      { id: 'bad id!' },
    ];
    const reports = visibleSidebar(ctxFor('smpReportUser', { routines })).find((g) => g.id === 'reports');
    expect(reports?.entries).toEqual([
      { routeId: 'tagsNotSeen', title: 'Missing Tags', path: '/reports/tags-not-seen' },
      { routeId: 'reportRoutine', title: 'By Unit', section: 'Alerts', path: '/reports/alerts_by_unit' },
      { routeId: 'reportRoutine', title: 'By Hour', section: 'Alerts', path: '/reports/alerts_by_hour' },
      {
        routeId: 'reportRoutine',
        title: 'Battery Summary',
        section: 'Tags',
        path: '/reports/tags_battery_summary',
      },
    ]);
    expect(visibleSidebar(ctxFor('security', { routines })).find((g) => g.id === 'reports')).toBeUndefined();
  });

  it.each([
    ['alerts_by_unit', 'Alerts', 'By Unit'],
    ['usage', 'Usage', 'Usage'],
    ['tags-weekly', 'Tags', 'Weekly'],
  ])('routineLabel(%s) → %s / %s', (id, section, title) => {
    expect(routineLabel(id)).toEqual({ section, title });
  });
});

describe('landingRoute (SPEC §2.2 after login)', () => {
  const hears = (role: RoleName) => mayHearAlerts(abilityFor(ROLE_ABILITIES[role]));
  const only =
    (...ids: RouteId[]) =>
    (id: RouteId) =>
      ids.includes(id);

  it.each<[string, RoleName, Partial<NavigationContext>, string | null]>([
    ['security lands on alerts', 'security', {}, '/alerts'],
    [
      'alerts not built yet: the first sidebar entry',
      'security',
      { registered: only('zones', 'floorplans') },
      '/floorplans',
    ],
    ['admin lands on alerts', 'admin', {}, '/alerts'],
    ['a reports user lands on its first sidebar entry', 'smpReportUser', {}, '/health/disconnected-gateways'],
    [
      'canopyOnCallSupport may not hear alerts: its first sidebar entry (Alerts)',
      'canopyOnCallSupport',
      {},
      '/alerts',
    ],
    ['noAccess has nowhere to go', 'noAccess', {}, null],
    ['nothing registered', 'admin', { registered: () => false }, null],
    ['distribution goes to the station picker', 'distribution', {}, '/distribution'],
    ['factory goes to factory home', 'factory', {}, '/factory/home'],
    ['warehouse goes to warehouse home', 'warehouse', {}, '/warehouse/home'],
    ['warehouseTempo goes to warehouse home', 'warehouseTempo', {}, '/warehouse/home'],
    ['a kiosk home not built yet gives 403', 'factory', { registered: only('zones') }, null],
  ])('%s', (_, role, extra, expected) => {
    expect(landingRoute(ctxFor(role, extra), hears(role))).toBe(expected);
  });
});
