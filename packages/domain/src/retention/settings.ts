import { z } from 'zod';

// Issue 19 'Retention': how long an organisation keeps each kind of history. Set in the
// organisation zone's `config.retention` (zones/contract.ts) and enforced by the server's daily
// retention job (apps/server/src/retention/).

/**
 * The kinds of history an organisation keeps for a number of days of its own. Sightings join this
 * list once they exist: a category here, its default and label below, and its deleter in
 * apps/server/src/retention/categories.ts (typed over this list, so the server fails to compile
 * until it has one).
 */
export const RETENTION_CATEGORIES = [
  'alerts',
  'auditLog',
  'syncLog',
  'heartbeats',
  'consoleSnapshots',
] as const;
export type RetentionCategory = (typeof RETENTION_CATEGORIES)[number];

export const RETENTION_DAYS_MIN = 1;
/** Ten years: longer than any records schedule we know of; 'forever' is for longer still. */
export const RETENTION_DAYS_MAX = 3650;
/** The stored value that keeps a category forever (`null` in a PUT means "back to the default"). */
export const RETENTION_FOREVER = 'forever';

const YEAR_DAYS = 365;

/**
 * The defaults, in days (docs/OPERATIONS.md 'Retention' gives the reasons):
 * - alerts, 7 years: an alert is an incident record (who asked for help, where, who answered,
 *   how it was closed); HIPAA keeps documentation 6 years and hospital schedules round to 7.
 * - auditLog, 7 years: who changed what, kept as long as the records it explains.
 * - syncLog, 1 year: commands sent to gateways; a year covers the annual review of a site.
 * - heartbeats, 31 days: the gateway metrics read at most a 31-day window; heartbeats are the
 *   largest table by far (one a minute per gateway).
 * - consoleSnapshots, 30 days: what a console showed, for the complaint "it did not ring".
 */
export const DEFAULT_RETENTION_DAYS: Readonly<Record<RetentionCategory, number | null>> = {
  alerts: 7 * YEAR_DAYS,
  auditLog: 7 * YEAR_DAYS,
  syncLog: YEAR_DAYS,
  heartbeats: 31,
  consoleSnapshots: 30,
};

/** One category's stored setting: whole days, or 'forever'. */
export const retentionDaysSchema = z.union([
  z
    .number()
    .min(RETENTION_DAYS_MIN, `Keep at least ${RETENTION_DAYS_MIN} day`)
    .max(RETENTION_DAYS_MAX, `Keep at most ${RETENTION_DAYS_MAX} days, or forever`)
    // A refinement rather than .int(), whose failure a union reports only as 'Invalid input'.
    .refine(Number.isInteger, 'Give whole days'),
  z.literal(RETENTION_FOREVER),
]);
export type RetentionDays = z.infer<typeof retentionDaysSchema>;

/**
 * An organisation's `config.retention` as stored and as a zone PUT sends it: a category left out
 * takes its default; in a PUT, `null` removes the setting (back to the default) as for every
 * config key.
 */
export const retentionConfigSchema = z.strictObject(
  Object.fromEntries(
    RETENTION_CATEGORIES.map((c) => [c, retentionDaysSchema.nullable().optional()]),
  ) as Record<RetentionCategory, z.ZodOptional<z.ZodNullable<typeof retentionDaysSchema>>>,
);
export type RetentionConfig = z.infer<typeof retentionConfigSchema>;

/** What is enforced for each category: days, or null to keep forever. */
export type RetentionSettings = Record<RetentionCategory, number | null>;

/**
 * Issue 19: the retention an organisation's zone config asks for, category by category; a value
 * missing or not valid (a hand-edited row) takes the default, so a bad row never deletes more.
 */
export function retentionSettings(config: unknown): RetentionSettings {
  const stored =
    config && typeof config === 'object' ? (config as { retention?: unknown }).retention : undefined;
  const given = stored && typeof stored === 'object' ? (stored as Record<string, unknown>) : {};
  const settings = { ...DEFAULT_RETENTION_DAYS };
  for (const category of RETENTION_CATEGORIES) {
    const parsed = retentionDaysSchema.safeParse(given[category]);
    if (parsed.success) settings[category] = parsed.data === RETENTION_FOREVER ? null : parsed.data;
  }
  return settings;
}

const DAY_MS = 86_400_000;

/**
 * Issue 19: rows strictly older than this instant go (a row at the cut-off stays); undefined keeps
 * everything. Days are 24-hour days counted back from `now`, whatever the time zone.
 */
export function retentionCutoff(days: number | null, now: Date): Date | undefined {
  return days === null ? undefined : new Date(now.getTime() - days * DAY_MS);
}

/**
 * Issue 19: retention is an organisation's setting; a zone of another level that carries one is
 * refused with this reason (a 400 naming `config.retention`), else undefined.
 */
export function retentionLevelError(level: string, config: unknown): string | undefined {
  if (level === 'org') return undefined;
  const retention =
    config && typeof config === 'object' ? (config as { retention?: unknown }).retention : undefined;
  if (retention === undefined || retention === null) return undefined;
  if (typeof retention === 'object' && Object.keys(retention).length === 0) return undefined;
  return 'Retention is set on an organisation only';
}
