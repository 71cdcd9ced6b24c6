import { useMemo } from 'react';
import {
  DEFAULT_NOT_SEEN_PERIOD_DAYS,
  DISCONNECTED_THRESHOLD_DAYS,
  NOT_SEEN_PERIOD_DAYS,
  type CollectionReason,
  type CollectionUrgency,
  type ReplacementTimeline,
} from '@vigil/domain';
import type { ReportParams } from '../../api/reports';
import { useReportFilters } from '../../ui/report-filters';
import { daysOf, reasonOf, timelineOf, urgencyOf } from './report-labels';

/** Disconnected gateways: silent for longer than this many days (the choices; SPEC §9's default is 2). */
export const THRESHOLD_DAYS = [1, 2, 3, 7, 14, 30] as const;

/** The options a report screen reads from the URL, each checked (an unknown value is ignored). */
export type ReportOptions = {
  periodDays: number;
  thresholdDays: number;
  urgency: CollectionUrgency | undefined;
  timeline: ReplacementTimeline | undefined;
  reason: CollectionReason | undefined;
};

/** The options of a query, each checked (an unknown value reads as none, or as the default). */
export function readReportOptions(get: (key: string) => string | null): ReportOptions {
  return {
    periodDays: daysOf(get('periodDays'), NOT_SEEN_PERIOD_DAYS, DEFAULT_NOT_SEEN_PERIOD_DAYS),
    thresholdDays: daysOf(get('thresholdDays'), THRESHOLD_DAYS, DISCONNECTED_THRESHOLD_DAYS),
    urgency: urgencyOf(get('urgency')),
    timeline: timelineOf(get('timeline')),
    reason: reasonOf(get('reason')),
  };
}

/**
 * The URL's zone, range and the options `keys` names, as a report request's parameters (the same
 * object while the URL does not change), with the options read for the screen's fields.
 */
export function useReportParams(keys: readonly (keyof ReportOptions)[]) {
  const filters = useReportFilters();
  const keyList = keys.join(',');
  return useMemo(() => {
    const options = readReportOptions(filters.get);
    const params: ReportParams = { ...filters.query };
    for (const key of keyList.split(',') as (keyof ReportOptions)[]) {
      const value = options[key];
      if (value !== undefined) Object.assign(params, { [key]: value });
    }
    return { filters, options, params };
  }, [filters, keyList]);
}
