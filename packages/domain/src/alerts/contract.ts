import { z } from 'zod';
import {
  actorSchema,
  booleanParamSchema,
  jsonObjectSchema,
  listSchema,
  uuidSchema,
} from '../contract/common';
import { zoneLevelSchema } from '../zones/enums';
import { dangerReasonSchema } from './enums';
import { alertModeSchema, alertStateSchema } from './lifecycle';
import { alertReasonSchema } from './reasons';

// SPEC §3 Alert, §7 Alerts and video.

export type AlertActor = z.infer<typeof actorSchema>;

/**
 * Where the alert was heard on a floor plan (issue 15 'The alert on the map'): the point its gateway
 * is placed at (its marker's), on `floorId`, and the gateway's coverage radius in metres (SPEC §9).
 */
export const alertPositionSchema = z.object({
  floorId: z.string(),
  lat: z.number(),
  lng: z.number(),
  radius: z.number().min(0),
});
export type AlertPosition = z.infer<typeof alertPositionSchema>;

/**
 * Issue 20: the home visit an alert fell in (a remote person's press during it) or that fell overdue
 * (the lone-worker timer): the home's address (its zone's name) and, when its zone has one, its
 * point on a street map (home-visits/contract.ts homePointOf).
 */
export const alertVisitSchema = z.object({
  id: z.string(),
  address: z.string(),
  point: z.object({ lat: z.number(), lng: z.number() }).nullable(),
  /** Raised by the lone-worker timer: the visit was not checked out in time. */
  overdue: z.boolean(),
});
export type AlertVisit = z.infer<typeof alertVisitSchema>;

/** SPEC §3 Alert as the API answers it; location is the tag's last zone, else the gateway's. */
export const alertSchema = z.object({
  id: z.string(),
  state: alertStateSchema,
  mode: alertModeSchema,
  dangerReason: dangerReasonSchema.nullable(),
  location: z
    .object({
      id: z.string(),
      name: z.string(),
      path: z.array(z.object({ id: z.string(), name: z.string(), level: zoneLevelSchema })),
    })
    .nullable(),
  tag: z.object({
    id: z.string(),
    label: z.string().nullable(),
    owner: z.object({ name: z.string(), personId: z.string() }).nullable(),
  }),
  remote: z.object({ person: z.object({ name: z.string() }) }).nullable(),
  /** Issue 20: the server always answers it (null for an alert of no visit). */
  visit: alertVisitSchema.nullable().optional(),
  gateway: z.string().nullable(),
  /**
   * GET /api/alerts and /api/alerts/{id} only, to a caller who may read FloorPlan: the alert's
   * position, null when its gateway is not placed on a floor of the caller's scope. Absent for
   * other callers, in realtime events and in the PUT answer (one event serves every role).
   */
  position: alertPositionSchema.nullable().optional(),
  pressCount: z.number().int().min(1),
  createdAt: z.string(),
  updatedAt: z.string(),
  lastPressAt: z.string(),
  acknowledged: z.boolean(),
  acknowledgedAt: z.string().nullable(),
  acknowledgedBy: actorSchema.nullable(),
  escalatedAt: z.string().nullable(),
  closedAt: z.string().nullable(),
  closedBy: actorSchema.nullable(),
  /** A string, not the catalogue enum, so alerts closed under an older catalogue still read. */
  reasonCode: z.string().nullable(),
  reasonText: z.string().nullable(),
  reasonDetails: jsonObjectSchema.nullable(),
});
export type Alert = z.infer<typeof alertSchema>;
export const alertListSchema = listSchema(alertSchema);
export type AlertList = z.infer<typeof alertListSchema>;

/** Every transition of an alert is kept with its time and actor (null for the system or the device). */
export const ALERT_HISTORY_ACTIONS = [
  'created',
  'pressed',
  'notified',
  'escalated',
  'acknowledged',
  'closed',
] as const;
export const alertHistoryActionSchema = z.enum(ALERT_HISTORY_ACTIONS);
export type AlertHistoryAction = z.infer<typeof alertHistoryActionSchema>;

export const alertHistoryEntrySchema = z.object({
  at: z.string(),
  action: alertHistoryActionSchema,
  actor: actorSchema.nullable(),
  details: jsonObjectSchema.optional(),
});
export type AlertHistoryEntry = z.infer<typeof alertHistoryEntrySchema>;

/** GET /api/alerts/{id}: the alert and its history, oldest first. */
export const alertDetailSchema = alertSchema.extend({ history: z.array(alertHistoryEntrySchema) });
export type AlertDetail = z.infer<typeof alertDetailSchema>;

export const REASON_TEXT_MAX = 1000;

/** PUT /api/alerts/{id}: acknowledge, or close with a reason (checked further by validateAlertClose). */
export const alertUpdateBodySchema = z.union([
  z.strictObject({ acknowledged: z.literal(true) }),
  z.strictObject({
    reasonCode: alertReasonSchema,
    reasonText: z.string().max(REASON_TEXT_MAX).nullable().optional(),
    reasonDetails: jsonObjectSchema.nullable().optional(),
  }),
]);
export type AlertUpdateBody = z.infer<typeof alertUpdateBodySchema>;

export const MAX_ALERT_QUERY_ZONES = 200;

/** GET /api/alerts/?test=&skipCache=&zones= ; zones is comma-separated zone ids. */
export const alertsQuerySchema = z.object({
  test: booleanParamSchema,
  skipCache: booleanParamSchema,
  zones: z
    .string()
    .max(MAX_ALERT_QUERY_ZONES * 37)
    .transform((s) =>
      s
        .split(',')
        .map((id) => id.trim())
        .filter((id) => id !== ''),
    )
    .pipe(z.array(uuidSchema).max(MAX_ALERT_QUERY_ZONES))
    .optional(),
});
export type AlertsQuery = z.infer<typeof alertsQuerySchema>;

/** POST /api/log/alerts/error/{id}: the console reports a stale alert refresh (debounced 10 s, §9). */
export const alertErrorLogBodySchema = z.strictObject({
  tag: z.string().max(200),
  clientLastRefreshDelta: z.number(),
});
export type AlertErrorLogBody = z.infer<typeof alertErrorLogBodySchema>;

/** The data of a realtime (SSE) alert event on GET /api/events. */
export const alertEventSchema = z.object({ type: z.literal('alert'), alert: alertSchema });
export type AlertEvent = z.infer<typeof alertEventSchema>;
