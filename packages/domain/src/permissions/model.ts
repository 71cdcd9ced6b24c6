import { createMongoAbility, type ForcedSubject, type MongoAbility, type RawRuleOf } from '@casl/ability';

// SPEC §6: permissions are checks (action, subject[, field]) against a role's stored abilities.
// CASL's own 'manage' and 'all' wildcards are not used: a stored rule names its actions and subjects.

export const ACTIONS = ['list', 'read', 'update', 'delete'] as const;
export type Action = (typeof ACTIONS)[number];

export const SUBJECTS = [
  'Alert',
  'Report',
  'HomeVisit',
  'Gateway',
  'Console',
  'DistributionStation',
  'Tag',
  'Person',
  'FloorPlan',
  'LogAlert',
  'LogSync',
  'LogAudit',
  'LogBatch',
  'Order',
  'Subscription',
  'Zone',
  'User',
  'Role',
  'Inventory',
  'Asset',
  'Video',
  'Timer',
] as const;
export type Subject = (typeof SUBJECTS)[number];

/** The fields SPEC §6 names per subject; a subject not listed has none. */
export const FIELDS = {
  Alert: ['sound', 'dangerousLocation', 'test'],
  Report: ['metrics', 'tags', 'replacement', 'analytics'],
  Gateway: ['status', 'realTimeStatus', 'outdoor'],
  Tag: ['responders', 'maintMode', 'bulkUnflag', 'batteryLevel'],
  Timer: ['logout'],
} as const satisfies Partial<Record<Subject, readonly string[]>>;

type FieldSubject = keyof typeof FIELDS;
export type FieldOf<S extends Subject> = S extends FieldSubject ? (typeof FIELDS)[S][number] : never;
export type Field = FieldOf<Subject>;

/** One check of SPEC §6: (action, subject[, field]). */
export type Permission = readonly [Action, Subject] | readonly [Action, Subject, Field];

/** SPEC §6: the fields a subject carries (empty for most subjects). */
export function fieldsOf(subject: Subject): readonly Field[] {
  return subject in FIELDS ? FIELDS[subject as FieldSubject] : [];
}

/** SPEC §6: every check that can be made, subject-wide and per field (the Roles screen's matrix). */
export const ALL_PERMISSIONS: readonly Permission[] = ACTIONS.flatMap((action) =>
  SUBJECTS.flatMap((subject): Permission[] => [
    [action, subject],
    ...fieldsOf(subject).map((field): Permission => [action, subject, field]),
  ]),
);

export type AppAbility = MongoAbility<[Action, Subject | ForcedSubject<Subject>]>;

/**
 * A role's stored rule (SPEC §6). Roles carry no conditions: zone scope lives in the server's query
 * layer. A rule without `fields` covers every field; an `inverted` rule withholds what it names.
 * Validated by `rawRuleSchema` (rule-schema.ts, kept apart so this module loads without zod).
 */
export type RawRule = {
  action: Action | Action[];
  subject: Subject | Subject[];
  fields?: Field | Field[];
  inverted?: boolean;
  conditions?: never;
};

const asList = <T>(value: T | readonly T[]): readonly T[] => (Array.isArray(value) ? value : [value as T]);

/** SPEC §6: the CASL ability built from a role's stored rules (later rules take precedence). */
export function abilityFor(rules: readonly RawRule[]): AppAbility {
  return createMongoAbility<AppAbility>(rules.map((rule) => ({ ...rule }) as RawRuleOf<AppAbility>));
}

/** SPEC §6: whether the ability allows one (action, subject[, field]) check. */
export function can(ability: AppAbility, permission: Permission): boolean {
  const [action, subject, field] = permission;
  return ability.can(action, subject, field);
}

/** SPEC §6: a readable phrase for one check, e.g. 'read Alert sound'. */
export function permissionLabel(permission: Permission): string {
  return permission.join(' ');
}

/** SPEC §6: a readable phrase for one stored rule, e.g. 'list, read Alert' or 'not update Tag bulkUnflag'. */
export function ruleLabel(rule: RawRule): string {
  const words = [asList(rule.action).join(', '), asList(rule.subject).join(', ')];
  if (rule.fields !== undefined) words.push(asList(rule.fields).join(', '));
  return `${rule.inverted ? 'not ' : ''}${words.join(' ')}`;
}
