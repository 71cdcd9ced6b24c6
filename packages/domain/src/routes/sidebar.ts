import type { FeatureFlag } from '../permissions/feature-flags';
import type { Permission, Subject } from '../permissions/model';
import { routePath } from './route-match';
import { kioskHome, routeAllowed, type NavigationContext } from './navigation';
import { ROUTE_BY_ID, type RouteId } from './route-table';

// SPEC §2.4 as data. An entry shows when its screen is registered, its route is allowed, the user
// may list or read its subject, and its own extra rule holds. Titles SPEC leaves open: Disconnected
// Gateways, Incidents, Response Times, Nodes, Bridges (section Outdoor), Orders, Sync Log.

export type AccessRule =
  | { readonly can: Permission }
  | { readonly flag: FeatureFlag }
  | { readonly all: readonly AccessRule[] }
  | { readonly any: readonly AccessRule[] };

export type SidebarEntryDef = {
  readonly routeId: RouteId;
  readonly path: string;
  readonly title: string;
  readonly subject: Subject;
  readonly rule?: AccessRule;
  /** A title used instead while a feature flag is on ('Indoor Gateways'). */
  readonly titleWhen?: { readonly flag: FeatureFlag; readonly title: string };
  readonly section?: string;
};
export type SidebarGroupDef = {
  readonly id: string;
  readonly title: string;
  readonly entries: readonly SidebarEntryDef[];
};

export type SidebarEntry = { routeId: RouteId; title: string; path: string; section?: string };
export type SidebarGroup = { id: string; title: string; entries: SidebarEntry[] };

const listAndUpdate = (subject: Subject): AccessRule => ({
  all: [{ can: ['list', subject] }, { can: ['update', subject] }],
});

export const SIDEBAR: readonly SidebarGroupDef[] = [
  {
    id: 'dashboard',
    title: 'Dashboard',
    entries: [
      { routeId: 'alerts', path: '/alerts', title: 'Alerts', subject: 'Alert' },
      { routeId: 'homeVisits', path: '/home-visits', title: 'Home Visits', subject: 'HomeVisit' },
      { routeId: 'logAlerts', path: '/log/alerts', title: 'Alert Log', subject: 'LogAlert' },
      { routeId: 'floorplans', path: '/floorplans', title: 'Floor Plans', subject: 'FloorPlan' },
    ],
  },
  {
    id: 'systemHealth',
    title: 'System Health',
    entries: [
      {
        routeId: 'disconnectedGateways',
        path: '/health/disconnected-gateways',
        title: 'Disconnected Gateways',
        subject: 'Report',
      },
      {
        routeId: 'tagsReplacement',
        path: '/reports/tags-replacement',
        title: 'Tag Replacement Timeline',
        subject: 'Report',
      },
    ],
  },
  {
    id: 'analytics',
    title: 'Analytics',
    entries: [
      { routeId: 'analyticsIncidents', path: '/analytics/incidents', title: 'Incidents', subject: 'Report' },
      {
        routeId: 'analyticsResponseTimes',
        path: '/analytics/response-times',
        title: 'Response Times',
        subject: 'Report',
      },
    ],
  },
  {
    id: 'devices',
    title: 'Devices',
    entries: [
      {
        routeId: 'tags',
        path: '/tags',
        title: 'Tags',
        subject: 'Tag',
        rule: { any: [{ can: ['read', 'Tag', 'batteryLevel'] }, { flag: 'tagManagement' }] },
      },
      {
        routeId: 'gateways',
        path: '/gateways',
        title: 'Gateways',
        subject: 'Gateway',
        titleWhen: { flag: 'outdoor', title: 'Indoor Gateways' },
      },
      { routeId: 'outdoor', path: '/outdoor/nodes', title: 'Nodes', subject: 'Gateway', section: 'Outdoor' },
      {
        routeId: 'outdoor',
        path: '/outdoor/bridges',
        title: 'Bridges',
        subject: 'Gateway',
        section: 'Outdoor',
      },
      { routeId: 'consoles', path: '/consoles', title: 'Consoles', subject: 'Console' },
      {
        routeId: 'distributionStations',
        path: '/distribution-stations',
        title: 'Distribution Stations',
        subject: 'DistributionStation',
      },
      { routeId: 'assets', path: '/assets', title: 'Assets', subject: 'Asset' },
    ],
  },
  {
    id: 'settings',
    title: 'Settings',
    entries: [
      { routeId: 'people', path: '/people', title: 'People', subject: 'Person' },
      { routeId: 'subscriptions', path: '/subscriptions', title: 'Subscriptions', subject: 'Subscription' },
      { routeId: 'zones', path: '/zones', title: 'Zones', subject: 'Zone' },
      { routeId: 'users', path: '/users', title: 'Users', subject: 'User' },
      { routeId: 'roles', path: '/roles', title: 'Roles', subject: 'Role' },
      { routeId: 'keys', path: '/keys', title: 'API Keys', subject: 'User', rule: { can: ['list', 'User'] } },
    ],
  },
  {
    id: 'operations',
    title: 'Operations',
    entries: [
      {
        routeId: 'tagScratchList',
        path: '/operations/tags',
        title: 'Tag Scratch List',
        subject: 'Tag',
        rule: listAndUpdate('Tag'),
      },
      {
        routeId: 'gatewayScratchList',
        path: '/operations/gateways',
        title: 'Gateway Scratch List',
        subject: 'Gateway',
        rule: listAndUpdate('Gateway'),
      },
      {
        routeId: 'orders',
        path: '/operations/orders',
        title: 'Orders',
        subject: 'Order',
        rule: listAndUpdate('Order'),
      },
      {
        routeId: 'orderRecipients',
        path: '/operations/orders/recipients',
        title: 'Orders Address Book',
        subject: 'Order',
        rule: listAndUpdate('Order'),
      },
    ],
  },
  {
    id: 'reports',
    title: 'Reports',
    entries: [
      { routeId: 'tagsNotSeen', path: '/reports/tags-not-seen', title: 'Missing Tags', subject: 'Report' },
    ],
  },
  {
    id: 'logs',
    title: 'Logs',
    entries: [
      { routeId: 'logSync', path: '/log/sync', title: 'Sync Log', subject: 'LogSync' },
      { routeId: 'logAudit', path: '/log/audit', title: 'Change Log', subject: 'LogAudit' },
      { routeId: 'logBatch', path: '/log/batch', title: 'Batch Operations Log', subject: 'LogBatch' },
      {
        routeId: 'logNotifications',
        path: '/log/notifications',
        title: 'Notification Log',
        subject: 'Subscription',
      },
    ],
  },
];

/** SPEC §2.4: whether an entry's extra rule holds for the user. */
export function ruleHolds(rule: AccessRule, ctx: NavigationContext): boolean {
  if ('can' in rule) return ctx.can(rule.can);
  if ('flag' in rule) return ctx.flags[rule.flag] === true;
  if ('all' in rule) return rule.all.every((inner) => ruleHolds(inner, ctx));
  return rule.any.some((inner) => ruleHolds(inner, ctx));
}

function entryVisible(entry: SidebarEntryDef, ctx: NavigationContext): boolean {
  return (
    ctx.registered(entry.routeId) &&
    routeAllowed(ROUTE_BY_ID[entry.routeId], ctx) &&
    (ctx.can(['list', entry.subject]) || ctx.can(['read', entry.subject])) &&
    (entry.rule === undefined || ruleHolds(entry.rule, ctx))
  );
}

const capitalise = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

/** SPEC §2.4 Reports: a stored routine's section and title from its id ('alerts_by_unit' → Alerts, By Unit). */
export function routineLabel(routineId: string): { section: string; title: string } {
  const [first = routineId, ...rest] = routineId.split(/[_-]+/).filter(Boolean).map(capitalise);
  return { section: first, title: rest.length > 0 ? rest.join(' ') : first };
}

function routineEntries(ctx: NavigationContext): SidebarEntry[] {
  const route = ROUTE_BY_ID.reportRoutine;
  if (!ctx.registered('reportRoutine') || !routeAllowed(route, ctx)) return [];
  const pattern = route.paramPattern?.id;
  const entries = (ctx.routines ?? [])
    .filter(({ id }) => pattern?.test(id) ?? true)
    .map(({ id }): SidebarEntry => ({
      routeId: 'reportRoutine',
      path: routePath('reportRoutine', { id }),
      ...routineLabel(id),
    }));
  const sections = [...new Set(entries.map((entry) => entry.section))];
  return sections.flatMap((section) => entries.filter((entry) => entry.section === section));
}

/** SPEC §2.4: the sidebar groups and entries the user sees, empty groups left out. */
export function visibleSidebar(ctx: NavigationContext): SidebarGroup[] {
  const groups = SIDEBAR.map((group): SidebarGroup => ({
    id: group.id,
    title: group.title,
    entries: group.entries
      .filter((entry) => entryVisible(entry, ctx))
      .map((entry) => ({
        routeId: entry.routeId,
        path: entry.path,
        title:
          entry.titleWhen && ctx.flags[entry.titleWhen.flag] === true ? entry.titleWhen.title : entry.title,
        ...(entry.section === undefined ? {} : { section: entry.section }),
      })),
  }));
  for (const group of groups) if (group.id === 'reports') group.entries.push(...routineEntries(ctx));
  return groups.filter((group) => group.entries.length > 0);
}

/**
 * SPEC §2.2: where a signed-in user lands when no route is set: a kiosk role's home; else the alerts
 * screen for a user who may hear alerts; else the first sidebar entry. null: show /error/403.
 */
export function landingRoute(ctx: NavigationContext, mayHearAlerts: boolean): string | null {
  const home = kioskHome(ctx.role);
  if (home !== undefined) {
    return ctx.registered(home) && routeAllowed(ROUTE_BY_ID[home], ctx) ? routePath(home) : null;
  }
  if (mayHearAlerts && ctx.registered('alerts') && routeAllowed(ROUTE_BY_ID.alerts, ctx)) {
    return routePath('alerts');
  }
  return visibleSidebar(ctx)[0]?.entries[0]?.path ?? null;
}
