import { z } from 'zod';
import { booleanParamSchema, isoDateSchema, uuidSchema, zoneRefSchema } from '../contract/common';

// Issue 18: analytics (SPEC §2.1 /analytics/incidents and /analytics/response-times, read Report
// analytics) and the stored report routines (SPEC §7 `GET bigquery/routines`, `POST
// bigquery/routines/{id} {args:[org]}` answering `data.results`). Days are the organisation's
// local days (its zone config `timeZone`, IANA; UTC when unset). Answers are cached until the
// organisation's next local midnight and never cross organisations.

/** The query both analytics answers take. */
export const analyticsQuerySchema = z.strictObject({
  /** Default: the caller's organisation; must be in the caller's scope. */
  zone: uuidSchema.optional(),
  start: isoDateSchema,
  end: isoDateSchema,
  /** Test alerts are left out unless asked for. */
  includeTest: booleanParamSchema,
  /** How the series are bucketed (default: day up to 62 days, week up to 2 years). */
  interval: z.enum(['day', 'week', 'month']).optional(),
});
export type AnalyticsQuery = z.input<typeof analyticsQuerySchema>;

const countOf = z.object({ value: z.string(), count: z.number().int() });

/** GET /api/analytics/incidents */
export const incidentsAnswerSchema = z.object({
  zone: zoneRefSchema,
  start: isoDateSchema,
  end: isoDateSchema,
  timeZone: z.string(),
  interval: z.enum(['day', 'week', 'month']),
  total: z.number().int(),
  /** One point per interval (its first local day, YYYY-MM-DD), counts per mode. */
  series: z.array(
    z.object({
      period: z.string(),
      help: z.number().int(),
      danger: z.number().int(),
      test: z.number().int(),
    }),
  ),
  byMode: z.array(countOf),
  /** Per child zone of the chosen zone, then the chosen zone itself for alerts placed on it. */
  byLocation: z.array(z.object({ zone: zoneRefSchema, count: z.number().int() })),
  /** SPEC §5 incident details where recorded: per answer value (target: each chosen value counts). */
  byDetail: z.object({
    category: z.array(countOf),
    source: z.array(countOf),
    injury: z.array(countOf),
    target: z.array(countOf),
  }),
});
export type IncidentsAnswer = z.infer<typeof incidentsAnswerSchema>;

/** Percentiles and a histogram of one duration (seconds). */
export const durationStatsSchema = z.object({
  count: z.number().int(),
  p50: z.number().nullable(),
  p90: z.number().nullable(),
  /**
   * Buckets of RESPONSE_BUCKETS_S from the first to the last non-empty one: `upToS` is the bucket's
   * upper bound (null: the open last one).
   */
  histogram: z.array(z.object({ fromS: z.number(), upToS: z.number().nullable(), count: z.number().int() })),
});
export type DurationStats = z.infer<typeof durationStatsSchema>;

const percentilesRow = z.object({
  /** Closed alerts. */
  count: z.number().int(),
  acknowledgeP50: z.number().nullable(),
  acknowledgeP90: z.number().nullable(),
  closeP50: z.number().nullable(),
  closeP90: z.number().nullable(),
});

/** GET /api/analytics/response-times */
export const responseTimesAnswerSchema = z.object({
  zone: zoneRefSchema,
  start: isoDateSchema,
  end: isoDateSchema,
  timeZone: z.string(),
  /** Time to acknowledge: created → acknowledged. */
  acknowledge: durationStatsSchema,
  /** Time to close: created → closed. */
  close: durationStatsSchema,
  /** Per local week (its Monday, YYYY-MM-DD). */
  weekly: z.array(percentilesRow.extend({ week: z.string() })),
  /** Per child zone of the chosen zone, then the chosen zone itself for alerts placed on it. */
  byLocation: z.array(percentilesRow.extend({ zone: zoneRefSchema })),
  /**
   * The slowest alerts to acknowledge (one never acknowledged by its close), at most 10, each
   * linking to its detail (/alert/{id}).
   */
  slowest: z.array(
    z.object({
      id: z.string(),
      tag: z.string(),
      mode: z.string(),
      location: z.string().nullable(),
      createdAt: isoDateSchema,
      acknowledgeS: z.number().nullable(),
      closeS: z.number().nullable(),
    }),
  ),
});
export type ResponseTimesAnswer = z.infer<typeof responseTimesAnswerSchema>;

/** A stored report routine (SPEC §7 bigquery/routines): its id, title and group come from the id. */
export const reportRoutineSchema = z.object({
  id: z.string().regex(/^[A-Za-z0-9_]+$/),
  description: z.string().nullable(),
});
export const reportRoutinesSchema = z.object({ data: z.array(reportRoutineSchema) });
export type ReportRoutine = z.infer<typeof reportRoutineSchema>;

/** POST /api/bigquery/routines/{id}: SPEC's `{args: [org]}`; the org must be the caller's own. */
export const routineRunBodySchema = z.strictObject({ args: z.tuple([z.string().min(1).max(100)]) });
/** The routine's rows, as SPEC §7 names them: `data.results`; `columns` in the routine's order. */
export const routineRunAnswerSchema = z.object({
  data: z.object({
    columns: z.array(z.string()),
    results: z.array(z.record(z.string(), z.unknown())),
  }),
});
export type RoutineRunAnswer = z.infer<typeof routineRunAnswerSchema>;
