import { z } from 'zod';
import { PAGE_LIMIT } from '../constants';
import { actorSchema, isoDateSchema, listSchema, uuidSchema } from '../contract/common';
import { isCalendarDay } from '../dates/presets';
import type { VisitState, VisitTimes } from './rules';

// Issue 20 "Home visits", SPEC §3 HomeVisit, §6 HomeVisit subject: the API contract of /api/home-visits.

export const HOME_VISIT_NOTES_MAX = 2000;

/** The states a visit is shown in (rules.ts visitState), as a list and a schema for the list filter. */
export const VISIT_STATES = [
  'planned',
  'in-progress',
  'overdue',
  'done',
  'cancelled',
] as const satisfies readonly VisitState[];
export const visitStateSchema = z.enum(VISIT_STATES);

/** How a visit's state reads on the console. */
export const VISIT_STATE_LABELS: Record<VisitState, string> = {
  planned: 'Planned',
  'in-progress': 'In progress',
  overdue: 'Overdue',
  done: 'Done',
  cancelled: 'Cancelled',
};

/** A point on a street map. */
export const homePointSchema = z.object({ lat: z.number(), lng: z.number() });
export type HomePoint = z.infer<typeof homePointSchema>;

/**
 * Where a home's address lies on a street map: its zone's `config.geometry` when that is a GeoJSON
 * Point `[longitude, latitude]` in range (set through PUT /api/zones/{id}), else null (the address
 * then shows as text only). A home zone's name is its address.
 */
export function homePointOf(geometry: unknown): HomePoint | null {
  if (!geometry || typeof geometry !== 'object') return null;
  const { type, coordinates } = geometry as { type?: unknown; coordinates?: unknown };
  if (type !== 'Point' || !Array.isArray(coordinates) || coordinates.length < 2) return null;
  const [lng, lat] = coordinates as unknown[];
  if (typeof lng !== 'number' || typeof lat !== 'number') return null;
  if (!Number.isFinite(lng) || !Number.isFinite(lat)) return null;
  if (Math.abs(lat) > 90 || Math.abs(lng) > 180) return null;
  return { lat, lng };
}

/** A patient's home: a zone of category home. `name` is the address; `path` its place in the tree. */
export const homeSchema = z.object({
  id: uuidSchema,
  name: z.string(),
  path: z.string(),
  point: homePointSchema.nullable(),
});
export type Home = z.infer<typeof homeSchema>;

/** The visiting staff member: a remote person (SPEC §3 Person isRemote). */
export const visitPersonSchema = z.object({ id: uuidSchema, name: z.string(), personId: z.string() });
export type VisitPerson = z.infer<typeof visitPersonSchema>;

/** SPEC HomeVisit as the API answers it. Times are ISO 8601. */
export const homeVisitSchema = z.object({
  id: uuidSchema,
  person: visitPersonSchema,
  home: homeSchema,
  plannedStart: z.string(),
  plannedEnd: z.string(),
  checkedInAt: z.string().nullable(),
  checkedOutAt: z.string().nullable(),
  cancelledAt: z.string().nullable(),
  /** The lone-worker timer's alert, once raised (it is raised once). */
  overdueAlertId: z.string().nullable(),
  notes: z.string(),
  createdBy: actorSchema.nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type HomeVisit = z.infer<typeof homeVisitSchema>;
export const homeVisitListSchema = listSchema(homeVisitSchema);
export type HomeVisitList = z.infer<typeof homeVisitListSchema>;

/** A visit's times as the rules (rules.ts) read them. */
export function visitTimesOf(
  visit: Pick<HomeVisit, 'plannedStart' | 'plannedEnd' | 'checkedInAt' | 'checkedOutAt' | 'cancelledAt'>,
): VisitTimes {
  const at = (iso: string | null) => (iso ? new Date(iso) : null);
  return {
    plannedStart: new Date(visit.plannedStart),
    plannedEnd: new Date(visit.plannedEnd),
    checkedInAt: at(visit.checkedInAt),
    checkedOutAt: at(visit.checkedOutAt),
    cancelledAt: at(visit.cancelledAt),
  };
}

const daySchema = z.string().refine(isCalendarDay, 'A day is written YYYY-MM-DD');

/**
 * GET /api/home-visits: the visits overlapping `day` (the organisation's local day, config.timeZone,
 * UTC when unset), in `state` (at the time of the request), of `person` (a person's id); soonest first.
 */
export const homeVisitsQuerySchema = z.object({
  day: daySchema.optional(),
  state: visitStateSchema.optional(),
  person: uuidSchema.optional(),
  limit: z.coerce.number().int().min(1).max(PAGE_LIMIT).optional(),
});
export type HomeVisitsQuery = z.infer<typeof homeVisitsQuerySchema>;

const notesSchema = z.string().trim().max(HOME_VISIT_NOTES_MAX);
const endsAfterStart = (b: { plannedStart?: string; plannedEnd?: string }) =>
  !b.plannedStart || !b.plannedEnd || Date.parse(b.plannedEnd) > Date.parse(b.plannedStart);
const END_AFTER_START = { message: 'The visit must end after it starts', path: ['plannedEnd'] };

/** POST /api/home-visits: who visits which home, when. `person` and `home` are ids. */
export const homeVisitCreateBodySchema = z
  .strictObject({
    person: uuidSchema,
    home: uuidSchema,
    plannedStart: isoDateSchema,
    plannedEnd: isoDateSchema,
    notes: notesSchema.optional(),
  })
  .refine(endsAfterStart, END_AFTER_START);
export type HomeVisitCreateBody = z.infer<typeof homeVisitCreateBodySchema>;

/** PATCH /api/home-visits/{id}: new planned times or notes, or `cancelled: true`. */
export const homeVisitUpdateBodySchema = z
  .strictObject({
    plannedStart: isoDateSchema.optional(),
    plannedEnd: isoDateSchema.optional(),
    notes: notesSchema.optional(),
    cancelled: z.literal(true).optional(),
  })
  .refine(endsAfterStart, END_AFTER_START);
export type HomeVisitUpdateBody = z.infer<typeof homeVisitUpdateBodySchema>;

/** GET /api/home-visits/options: what a new visit may name (the caller's remote people and homes). */
export const homeVisitOptionsSchema = z.object({
  people: z.array(visitPersonSchema),
  homes: z.array(homeSchema),
});
export type HomeVisitOptions = z.infer<typeof homeVisitOptionsSchema>;

/**
 * Issue 20: a user of the remotePerson role (the mobile app of a staff member on a visit) sees and
 * checks in and out of their own visits only: those of the person whose contacts.email is the
 * user's e-mail. Every other role sees the visits to the homes in its zones.
 */
export function seesOwnVisitsOnly(role: string): boolean {
  return role === 'remotePerson';
}
