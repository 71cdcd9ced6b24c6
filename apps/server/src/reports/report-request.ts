import {
  DEFAULT_NOT_SEEN_PERIOD_DAYS,
  DISCONNECTED_THRESHOLD_DAYS,
  REPORT_PERMISSION_FIELD,
  checkReportRange,
  type CollectionReason,
  type CollectionUrgency,
  type ReplacementTimeline,
  type ReportType,
} from '@vigil/domain';
import type { Db } from '../platform/db/client';
import type { Caller } from '../platform/caller';
import { badRequest, forbidden, notFound } from '../platform/errors';
import type { Scope } from '../platform/scope';
import { findZone } from '../zones';

/** What a report is asked for, whichever route asks (GET /api/reports/{type}, its export, GET /api/zones/{id}). */
export type ReportOptions = {
  zone?: string;
  start: string;
  end: string;
  periodDays?: number;
  thresholdDays?: number;
  urgency?: CollectionUrgency;
  timeline?: ReplacementTimeline;
  reason?: CollectionReason;
};

/** A report's question, checked: who asks, the zone it covers, the range and options, and `now`. */
export type ReportRequest = {
  type: ReportType;
  scope: Scope;
  /** The chosen zone: rows under it count; its children are the summary's lines. */
  zone: { id: string; name: string; isOrg: boolean };
  start: Date;
  end: Date;
  now: Date;
  periodDays: number;
  thresholdDays: number;
  urgency?: CollectionUrgency;
  timeline?: ReplacementTimeline;
  reason?: CollectionReason;
};

/** SPEC §6: `read Report <field>` of the report's type, else 403 as the access hook words it. */
export function assertMayRead(caller: Caller, type: ReportType): void {
  const field = REPORT_PERMISSION_FIELD[type];
  if (!caller.ability.can('read', 'Report', field)) throw forbidden(`Not allowed to read Report ${field}`);
}

/**
 * The checked request: the permission (403), the range (400 with the domain's reason), the chosen
 * zone inside the caller's scope (404; by default the caller's organisation, whose rows are then
 * limited to the caller's zones).
 */
export async function reportRequest(
  db: Db,
  caller: Caller,
  type: ReportType,
  options: ReportOptions,
  /** `now` of the report's rules; `fieldPrefix` names the parameters as the route takes them ('report.'). */
  opts: { now?: Date; fieldPrefix?: string } = {},
): Promise<ReportRequest> {
  assertMayRead(caller, type);
  const now = opts.now ?? new Date();
  const start = new Date(options.start);
  const end = new Date(options.end);
  const refusal = checkReportRange(start, end);
  if (refusal) throw badRequest(refusal.reason, `${opts.fieldPrefix ?? ''}${refusal.field}`);
  const scope = caller.scope;
  let zone: ReportRequest['zone'];
  if (options.zone === undefined || options.zone === scope.orgId) {
    zone = { id: scope.orgId, name: caller.org.name, isOrg: true };
  } else {
    const found = await findZone(db, scope, options.zone);
    if (!found) throw notFound('Zone not found');
    zone = { id: found.row.id, name: found.row.name, isOrg: found.row.id === scope.orgId };
  }
  return {
    type,
    scope,
    zone,
    start,
    end,
    now,
    periodDays: options.periodDays ?? DEFAULT_NOT_SEEN_PERIOD_DAYS,
    thresholdDays: options.thresholdDays ?? DISCONNECTED_THRESHOLD_DAYS,
    ...(options.urgency !== undefined ? { urgency: options.urgency } : {}),
    ...(options.timeline ? { timeline: options.timeline } : {}),
    ...(options.reason ? { reason: options.reason } : {}),
  };
}
