import { z } from 'zod';
import { dangerReasonSchema, gatewayHardwareRevisionSchema, zoneLevelSchema } from '../enums';
import { alertModeSchema, alertStateSchema } from '../alerts/lifecycle';
import { alertReasonSchema } from '../alerts/reasons';
import { parseMac } from '../validators/mac';
import { jsonObjectSchema, listSchema, uuidSchema } from './common';

// ── Device ingest (SPEC §3 Button event, Gateway state) ─────────────────────

/** SPEC §5 Device MAC as a device sends it (bare or ':'/'-' separated), normalised to 12 lower-case hex. */
export const macInputSchema = z
  .string()
  .max(17)
  .transform((input, ctx) => {
    const parsed = parseMac(input);
    if (parsed.ok) return parsed.value;
    ctx.addIssue({ code: 'custom', message: parsed.reason });
    return z.NEVER;
  });

/** SPEC §3 Button event nonce: a string, or an integer a JSON number holds exactly. */
export const buttonEventNonceSchema = z.union([
  z.string().min(1).max(64),
  z.number().int().min(0).max(Number.MAX_SAFE_INTEGER),
]);
export type ButtonEventNonce = z.infer<typeof buttonEventNonceSchema>;

/** SPEC §3 Button event: one press; ms from the first press, tapDelta ms since the previous release. */
export const buttonPressSchema = z.strictObject({
  buttonPress: z.number().min(0),
  buttonRelease: z.number().min(0),
  tapDelta: z.number().min(0),
});

export const MAX_BUTTON_EVENTS_PER_POST = 50;
export const MAX_PRESSES_PER_BUTTON_EVENT = 20;

export const buttonEventSchema = z.strictObject({
  tag: macInputSchema,
  nonce: buttonEventNonceSchema,
  events: z.array(buttonPressSchema).min(1).max(MAX_PRESSES_PER_BUTTON_EVENT),
});
export type ButtonEvent = z.infer<typeof buttonEventSchema>;

/** POST /api/ingest/button-events. */
export const buttonEventsBodySchema = z.strictObject({
  gateway: macInputSchema,
  buttonEvents: z.array(buttonEventSchema).min(1).max(MAX_BUTTON_EVENTS_PER_POST),
});
export type ButtonEventsBody = z.infer<typeof buttonEventsBodySchema>;

export const BUTTON_EVENT_STATUSES = ['created', 'joined', 'duplicate', 'unknown_tag'] as const;
export const buttonEventStatusSchema = z.enum(BUTTON_EVENT_STATUSES);
export type ButtonEventStatus = z.infer<typeof buttonEventStatusSchema>;

/** The answer to POST /api/ingest/button-events: one result per button event, in order. */
export const buttonEventsResultSchema = z.object({
  results: z.array(
    z.object({
      tag: z.string(),
      nonce: buttonEventNonceSchema,
      status: buttonEventStatusSchema,
      alertId: z.string().optional(),
    }),
  ),
});
export type ButtonEventsResult = z.infer<typeof buttonEventsResultSchema>;

const percentSchema = z.number().min(0).max(100);
export const MAX_HEARTBEAT_NEIGHBORS = 100;
export const MAX_HEARTBEAT_CONFIRMED = 100;

/** POST /api/ingest/heartbeats: SPEC §3 Gateway state as the gateway reports it. */
export const heartbeatBodySchema = z.strictObject({
  gateway: macInputSchema,
  status: z.string().min(1).max(64),
  version: z
    .strictObject({
      app: z.string().max(64).optional(),
      boot: z.string().max(64).optional(),
      isSafeMode: z.boolean().optional(),
    })
    .optional(),
  hardware: z.strictObject({ revision: gatewayHardwareRevisionSchema.optional() }).optional(),
  adminMode: z.boolean().optional(),
  rebootReason: z.number().int().min(0).optional(),
  diagnostics: z
    .strictObject({
      button: percentSchema.optional(),
      coverage: percentSchema.optional(),
      floor: percentSchema.optional(),
    })
    .optional(),
  /** Neighbouring gateway MAC → distance. */
  neighbors: z
    .record(macInputSchema, z.number().min(0))
    .refine((n) => Object.keys(n).length <= MAX_HEARTBEAT_NEIGHBORS, {
      message: `At most ${MAX_HEARTBEAT_NEIGHBORS} neighbors`,
    })
    .optional(),
  /** Ids of commands (handed over by earlier answers) the gateway has applied: the sync log's confirmation. */
  confirmed: z.array(z.uuid()).max(MAX_HEARTBEAT_CONFIRMED).optional(),
});
export type HeartbeatBody = z.infer<typeof heartbeatBodySchema>;

/** A pending command for a gateway, handed over in the heartbeat answer. */
export const gatewayCommandSchema = z.object({ id: z.string(), type: z.string(), payload: jsonObjectSchema });
export type GatewayCommand = z.infer<typeof gatewayCommandSchema>;

export const heartbeatResultSchema = z.object({ commands: z.array(gatewayCommandSchema) });
export type HeartbeatResult = z.infer<typeof heartbeatResultSchema>;

// ── Alerts (SPEC §3 Alert, §7 Alerts and video) ─────────────────────────────

const actorSchema = z.object({ id: z.string(), name: z.string() });
export type AlertActor = z.infer<typeof actorSchema>;

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
  gateway: z.string().nullable(),
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

const alertBoolParam = z
  .enum(['true', 'false', '1', '0'])
  .transform((v) => v === 'true' || v === '1')
  .optional();

export const MAX_ALERT_QUERY_ZONES = 200;

/** GET /api/alerts/?test=&skipCache=&zones= ; zones is comma-separated zone ids. */
export const alertsQuerySchema = z.object({
  test: alertBoolParam,
  skipCache: alertBoolParam,
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
