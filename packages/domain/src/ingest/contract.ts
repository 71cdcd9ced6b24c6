import { z } from 'zod';
import { jsonObjectSchema } from '../contract/common';
import { gatewayHardwareRevisionSchema } from '../gateways/enums';
import { parseMac } from '../validators/mac';

// Device ingest: SPEC §3 Button event and Gateway state, as devices post them.

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

/** Issue 21: 'tap' is a kiosk tap at a distribution station's gateway (distribution/kiosk-tap.ts), no alert. */
export const BUTTON_EVENT_STATUSES = ['created', 'joined', 'duplicate', 'unknown_tag', 'tap'] as const;
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
