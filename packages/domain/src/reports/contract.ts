import { z } from 'zod';
import { isoDateSchema, uuidSchema, zoneRefSchema } from '../contract/common';
import { CSV_MAX_ROWS, CSV_PAGE } from '../csv/constants';
import { isTimeZone } from '../csv/csv-format';
import { collectionReasonSchema, collectionUrgencySchema, replacementTimelineSchema } from '../tags/enums';

// Issue 18: the reports of SPEC §2.1 (System Health and Reports) — what the API takes and answers.
// Every report reads the caller's zones under one chosen zone, over a date range [start, end] that
// says when each row's problem began:
//   tagsNotSeen           a tag last heard inside the range, and not for longer than `periodDays` since;
//   tagsFlagged           a tag flagged for collection (config.collection.at) inside the range;
//   tagsReplacement       the same flagged tags, on the SPEC §4 replacement timeline (as of now);
//   disconnectedGateways  a gateway last updated inside the range and silent past the threshold
//                         (SPEC §9: 2 days by default).
// A report answers a summary (counts per child zone of the chosen zone, each opening the details)
// or its details (the rows, SPEC §7: 500 a page), and streams its details as CSV.

export const REPORT_TYPES = [
  'tagsNotSeen',
  'tagsFlagged',
  'tagsReplacement',
  'disconnectedGateways',
] as const;
export const reportTypeSchema = z.enum(REPORT_TYPES);
export type ReportType = z.infer<typeof reportTypeSchema>;

/** SPEC §6: the Report field each report needs `read` on. */
export const REPORT_PERMISSION_FIELD = {
  tagsNotSeen: 'tags',
  tagsFlagged: 'tags',
  tagsReplacement: 'replacement',
  disconnectedGateways: 'metrics',
} as const satisfies Record<ReportType, 'tags' | 'replacement' | 'metrics'>;

/** Missing tags: not heard for longer than this many days (the screen's choices; default 1). */
export const NOT_SEEN_PERIOD_DAYS = [1, 2, 7, 14, 30, 60, 90] as const;
export const DEFAULT_NOT_SEEN_PERIOD_DAYS = 1;
/** The longest range a report or analytics answer covers (a little over two years). */
export const REPORT_MAX_RANGE_DAYS = 800;

const dayCount = z.coerce.number().int().min(1).max(3650);

/**
 * The query of a report (GET /api/reports/{type}, and SPEC §7's `GET zones/{id}` with `report.type`,
 * `report.start`, `report.end`): the range, what to answer, paging of the details.
 * `start` after `end`, or a range longer than REPORT_MAX_RANGE_DAYS: 400 with a reason.
 */
export const reportQuerySchema = z.strictObject({
  /** The zone the report covers (default: the caller's organisation); must be in the caller's scope. */
  zone: uuidSchema.optional(),
  start: isoDateSchema,
  end: isoDateSchema,
  /** 'summary' (default): counts per child zone; 'details': the rows. */
  view: z.enum(['summary', 'details']).default('summary'),
  /** tagsNotSeen: not heard for longer than this many days (default 1). */
  periodDays: dayCount.optional(),
  /** disconnectedGateways: silent for longer than this many days (default DISCONNECTED_THRESHOLD_DAYS, SPEC §9). */
  thresholdDays: dayCount.optional(),
  /** tagsFlagged, tagsReplacement: only this urgency / this timeline / this reason (summary and details). */
  urgency: z.coerce.number().pipe(collectionUrgencySchema).optional(),
  timeline: replacementTimelineSchema.optional(),
  reason: collectionReasonSchema.optional(),
  limit: z.coerce.number().int().min(1).max(CSV_PAGE).default(CSV_PAGE),
  offset: z.coerce.number().int().min(0).max(CSV_MAX_ROWS).default(0),
});
export type ReportQuery = z.input<typeof reportQuerySchema>;

/** The streamed CSV of a report's details: the query, and the SPEC §9 time zone of its dates. */
export const reportExportQuerySchema = reportQuerySchema
  .omit({ view: true, limit: true, offset: true })
  .extend({
    /** SPEC §9: the IANA time zone the file's dates are written in (default UTC); the headers name it. */
    timeZone: z.string().max(64).refine(isTimeZone, 'Choose a time zone such as America/Chicago').optional(),
  });

/**
 * SPEC §7 `GET zones/{id}` with `report.type`, `report.start`, `report.end` (and the other options as
 * `report.<name>`): the report's details for zone {id}, 500 a page (`limit`, `offset`). Every key is
 * optional here, since a zone read without `report.type` carries none; with it, start and end are
 * required (400 naming `report.start` / `report.end`).
 */
export const reportZoneQuerySchema = z.object({
  'report.type': reportTypeSchema.optional(),
  'report.start': isoDateSchema.optional(),
  'report.end': isoDateSchema.optional(),
  'report.periodDays': dayCount.optional(),
  'report.thresholdDays': dayCount.optional(),
  'report.urgency': z.coerce.number().pipe(collectionUrgencySchema).optional(),
  'report.timeline': replacementTimelineSchema.optional(),
  'report.reason': collectionReasonSchema.optional(),
  limit: z.coerce.number().int().min(1).max(CSV_PAGE).default(CSV_PAGE),
  offset: z.coerce.number().int().min(0).max(CSV_MAX_ROWS).default(0),
});
export type ReportZoneQuery = z.infer<typeof reportZoneQuerySchema>;

/** One count of a summary: a child zone of the chosen zone (or the chosen zone itself, for rows placed on it). */
export const reportCountSchema = z.object({
  zone: zoneRefSchema,
  count: z.number().int(),
  /** tagsReplacement: the count per timeline; tagsFlagged: per urgency (keys '0', '1', '2'). */
  by: z.record(z.string(), z.number().int()).optional(),
});

export const reportSummarySchema = z.object({
  type: reportTypeSchema,
  zone: zoneRefSchema,
  start: isoDateSchema,
  end: isoDateSchema,
  total: z.number().int(),
  /** The whole report's counts by timeline / urgency / reason (see reportCountSchema.by). */
  by: z.record(z.string(), z.number().int()).optional(),
  counts: z.array(reportCountSchema),
});
export type ReportSummary = z.infer<typeof reportSummarySchema>;

/** A tag row of the tag reports' details. */
export const reportTagRowSchema = z.object({
  id: z.string(),
  label: z.string().nullable(),
  owner: z.string().nullable(),
  /** The location's names from the organisation down, joined with ' › '. */
  location: z.string().nullable(),
  zoneId: z.string().nullable(),
  lastSeen: isoDateSchema.nullable(),
  batteryMv: z.number().nullable(),
  reason: z.string().nullable(),
  urgency: z.number().int().nullable(),
  flaggedAt: isoDateSchema.nullable(),
  timeline: replacementTimelineSchema.nullable(),
});
export type ReportTagRow = z.infer<typeof reportTagRowSchema>;

/** A gateway row of the disconnected gateways' details, with its last 24 hours of heartbeats. */
export const reportGatewayRowSchema = z.object({
  id: z.string(),
  name: z.string().nullable(),
  sku: z.string().nullable(),
  location: z.string().nullable(),
  zoneId: z.string().nullable(),
  status: z.string().nullable(),
  lastUpdate: isoDateSchema.nullable(),
  /** The 24 h before its last update: heartbeats received, and the diagnostics' rates when known. */
  metrics: z.object({
    heartbeats: z.number().int(),
    button: z.number().nullable(),
    coverage: z.number().nullable(),
    floor: z.number().nullable(),
  }),
});
export type ReportGatewayRow = z.infer<typeof reportGatewayRowSchema>;

export const reportDetailsSchema = z.object({
  type: reportTypeSchema,
  zone: zoneRefSchema,
  total: z.number().int(),
  data: z.array(z.union([reportTagRowSchema, reportGatewayRowSchema])),
});
export type ReportDetails = z.infer<typeof reportDetailsSchema>;
