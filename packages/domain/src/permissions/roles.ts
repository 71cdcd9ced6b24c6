import {
  ACTIONS,
  SUBJECTS,
  can,
  type Action,
  type AppAbility,
  type Field,
  type RawRule,
  type Subject,
} from './model';

// SPEC §6 names the roles but not what each holds: the abilities below are ours, written out in
// docs/ROLES.md. A rule without fields covers every field; `withhold` rules come last and win.

export const ROLE_NAMES = [
  'superAdmin',
  'customerSuperAdmin',
  'admin',
  'default',
  'security',
  'factory',
  'warehouse',
  'warehouseAutomation',
  'warehouseTempo',
  'distribution',
  'distributionAdmin',
  'noAccess',
  'smpReportUser',
  'remotePerson',
  'assetTracking',
  'assetTrackingAdmin',
  'assetTrackingUser',
  'canopyOnCallSupport',
] as const;
export type RoleName = (typeof ROLE_NAMES)[number];

/** SPEC §6: whether a string is one of the roles the product knows. */
export function isRoleName(value: string): value is RoleName {
  return (ROLE_NAMES as readonly string[]).includes(value);
}

/** SPEC §6 (§2.6 Export data): a customer super-admin is a role whose name holds both words. */
export function isCustomerSuperAdmin(role: string): boolean {
  const name = role.toLowerCase();
  return name.includes('customer') && name.includes('superadmin');
}

type OneOrMany<T> = T | readonly T[];
const list = <T>(value: OneOrMany<T>): T[] => (Array.isArray(value) ? [...value] : [value as T]);

function grant(action: OneOrMany<Action>, subject: OneOrMany<Subject>, fields?: OneOrMany<Field>): RawRule {
  return fields === undefined
    ? { action: list(action), subject: list(subject) }
    : { action: list(action), subject: list(subject), fields: list(fields) };
}

function withhold(action: OneOrMany<Action>, subject: OneOrMany<Subject>, fields: OneOrMany<Field>): RawRule {
  return { ...grant(action, subject, fields), inverted: true };
}

const LR = ['list', 'read'] as const;
const LRU = ['list', 'read', 'update'] as const;
const LOGS = ['LogAlert', 'LogSync', 'LogAudit', 'LogBatch'] as const;
const NO_BULK_UNFLAG = withhold(ACTIONS, 'Tag', 'bulkUnflag');

// A customer's administrator: its whole organisation, but not operations stock (Order, Inventory),
// device deletion, role editing, bulk unflag (SPEC §4) or the idle-logout exemption.
const CUSTOMER_ADMIN: readonly RawRule[] = [
  grant(LRU, ['Alert', 'Gateway', 'DistributionStation', 'Tag', 'Video']),
  grant(LR, ['Report', 'Role', ...LOGS]),
  grant(ACTIONS, ['HomeVisit', 'Console', 'Person', 'FloorPlan', 'Subscription', 'Zone', 'User', 'Asset']),
  NO_BULK_UNFLAG,
];

/** SPEC §6: the abilities a real deployment gives each role (seeded; listed in docs/ROLES.md). */
export const ROLE_ABILITIES: Readonly<Record<RoleName, readonly RawRule[]>> = {
  superAdmin: [grant(ACTIONS, SUBJECTS)],
  customerSuperAdmin: CUSTOMER_ADMIN,
  admin: CUSTOMER_ADMIN,
  default: [
    grant(LRU, ['Alert', 'HomeVisit']),
    grant(LR, [
      'Gateway',
      'Console',
      'DistributionStation',
      'Tag',
      'Person',
      'FloorPlan',
      'LogAlert',
      'Zone',
      'Asset',
    ]),
    grant('read', 'Video'),
    withhold(ACTIONS, 'Gateway', 'realTimeStatus'),
  ],
  security: [
    grant(LRU, 'Alert'),
    grant('read', ['Console', 'FloorPlan', 'Video']),
    grant(LR, 'Zone'),
    grant('delete', 'Timer', 'logout'),
  ],
  factory: [grant(LRU, ['Inventory', 'Tag', 'Gateway']), NO_BULK_UNFLAG],
  warehouse: [
    grant(ACTIONS, 'Inventory'),
    grant(LRU, ['Order', 'Tag', 'Gateway']),
    grant(LR, ['Zone', 'DistributionStation']),
  ],
  warehouseAutomation: [
    grant(LRU, ['Inventory', 'Tag', 'Gateway']),
    grant(LR, ['Order', 'Zone']),
    NO_BULK_UNFLAG,
  ],
  warehouseTempo: [grant(LRU, ['Inventory', 'Tag', 'Gateway']), grant(LR, 'Order'), NO_BULK_UNFLAG],
  distribution: [grant(LR, ['DistributionStation', 'Person']), grant(LRU, 'Tag'), NO_BULK_UNFLAG],
  distributionAdmin: [
    grant(LRU, ['DistributionStation', 'Tag', 'Person']),
    grant(LR, 'Zone'),
    NO_BULK_UNFLAG,
  ],
  noAccess: [],
  smpReportUser: [grant(LR, ['Report', 'Zone'])],
  remotePerson: [grant(LRU, 'HomeVisit')],
  assetTracking: [grant(LRU, 'Asset'), grant(LR, ['FloorPlan', 'Zone', 'Tag', 'Gateway'])],
  assetTrackingAdmin: [
    grant(ACTIONS, 'Asset'),
    grant(LRU, ['FloorPlan', 'Tag']),
    grant(LR, ['Zone', 'Gateway']),
    NO_BULK_UNFLAG,
  ],
  assetTrackingUser: [grant(LR, ['Asset', 'FloorPlan', 'Zone'])],
  canopyOnCallSupport: [
    grant(
      LR,
      SUBJECTS.filter((subject) => subject !== 'Timer'),
    ),
    grant('update', ['Gateway', 'Tag', 'Console']),
    withhold('read', 'Alert', 'sound'),
    NO_BULK_UNFLAG,
  ],
};

/** SPEC §2.2: roles that may take on another role for the session through a query parameter. */
export const ROLE_CAN_OVERRIDE = ['superAdmin'] as const satisfies readonly RoleName[];

/**
 * SPEC §2.2: whether a user of this role may take on another role for the session. The role taken
 * on must exist, built in or made on the Roles screen: the server checks it among the stored roles.
 */
export function mayOverrideRole(role: string): boolean {
  return (ROLE_CAN_OVERRIDE as readonly string[]).includes(role);
}

/** SPEC §6: hearing alerts needs read Alert sound. */
export function mayHearAlerts(ability: AppAbility): boolean {
  return can(ability, ['read', 'Alert', 'sound']);
}

/** SPEC §6: editing floor plans needs update FloorPlan. Used by the floor-plan map (SPEC §2.7). */
export function mayEditFloorPlans(ability: AppAbility): boolean {
  return can(ability, ['update', 'FloorPlan']);
}

/** SPEC §6: polling alerts needs read Alert and is off in the mobile app. */
export function mayPollAlerts(ability: AppAbility, isMobileApp: boolean): boolean {
  return !isMobileApp && can(ability, ['read', 'Alert']);
}

/** SPEC §4 Session: idle logout spares API-key sessions and users who may delete Timer logout. */
export function idleLogoutApplies(ability: AppAbility, isApiKeySession: boolean): boolean {
  return !isApiKeySession && !can(ability, ['delete', 'Timer', 'logout']);
}
