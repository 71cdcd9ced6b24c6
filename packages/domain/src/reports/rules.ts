import { DAY_MS, TWO_MONTHS_MS } from '../constants';
import { DISCONNECTED_THRESHOLD_DAYS } from '../gateways/constants';
import { DEFAULT_NOT_SEEN_PERIOD_DAYS, REPORT_MAX_RANGE_DAYS, type ReportType } from './contract';

// Issue 18: the rules of the reports of SPEC §2.1. Each test that says whether a row belongs to a
// report comes with the instant it turns on (`…Before`), which the server writes into its SQL so an
// index range serves it; the table tests check that the two agree at every edge.

/** Why a report's range is refused (400), and the parameter to blame; null when it is fine. */
export type ReportRangeRefusal = { reason: string; field: 'start' | 'end' };

/** Issue 18: [start, end] must not run backwards nor span more than REPORT_MAX_RANGE_DAYS days. */
export function checkReportRange(start: Date, end: Date): ReportRangeRefusal | null {
  if (start.getTime() > end.getTime())
    return { reason: 'The start must not be after the end', field: 'start' };
  if (end.getTime() - start.getTime() > REPORT_MAX_RANGE_DAYS * DAY_MS) {
    return { reason: `The range may span at most ${REPORT_MAX_RANGE_DAYS} days`, field: 'end' };
  }
  return null;
}

/** Missing Tags (SPEC §2.1): a tag last heard before this instant has been silent longer than `periodDays`. */
export function notSeenBefore(now: Date, periodDays: number = DEFAULT_NOT_SEEN_PERIOD_DAYS): Date {
  return new Date(now.getTime() - periodDays * DAY_MS);
}

/**
 * Missing Tags (SPEC §2.1): heard once, and not for longer than `periodDays` since. A tag never heard
 * has no date to place it in a range, so it is not a missing tag of any report.
 */
export function notSeen(
  lastSeen: Date | string | null | undefined,
  now: Date,
  periodDays: number = DEFAULT_NOT_SEEN_PERIOD_DAYS,
): boolean {
  if (lastSeen == null) return false;
  const last = new Date(lastSeen).getTime();
  if (Number.isNaN(last)) return false;
  return last < notSeenBefore(now, periodDays).getTime();
}

/**
 * SPEC §9 disconnected threshold: a gateway last updated before this instant is disconnected
 * (the same verdict as `isGatewayDisconnected` for a gateway that has reported once).
 */
export function disconnectedBefore(now: Date, thresholdDays: number = DISCONNECTED_THRESHOLD_DAYS): Date {
  return new Date(now.getTime() - thresholdDays * DAY_MS);
}

/**
 * SPEC §4 replacement timeline: a tag of urgency 1 flagged before this instant is Overdue, from it
 * on '1 - 2 months (ASAP)' (the same verdict as `replacementTimeline`).
 */
export function replacementOverdueBefore(now: Date): Date {
  return new Date(now.getTime() - TWO_MONTHS_MS);
}

/** SPEC §2.1, §2.4: how each report is titled on its screens and in its CSV's file name. */
export const REPORT_TITLES = {
  tagsNotSeen: 'Missing Tags',
  tagsFlagged: 'Tags Flagged for Collection',
  tagsReplacement: 'Tag Replacement Timeline',
  disconnectedGateways: 'Disconnected Gateways',
} as const satisfies Record<ReportType, string>;
