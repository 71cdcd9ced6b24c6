import { NativeSelect } from '@mantine/core';
import {
  COLLECTION_URGENCIES,
  DEFAULT_NOT_SEEN_PERIOD_DAYS,
  DISCONNECTED_THRESHOLD_DAYS,
  NOT_SEEN_PERIOD_DAYS,
  REPLACEMENT_TIMELINES,
  type CollectionReason,
  type CollectionUrgency,
  type ReplacementTimeline,
} from '@vigil/domain';
import { useReportFilters } from '../../ui/report-filters';
import { FLAG_REASONS, daysText, reasonLabel, timelineLabel, urgencyLabel } from './report-labels';
import { THRESHOLD_DAYS } from './use-report-params';

// A report's own options, beside the zone and range of ReportFilters; each reads and writes its
// query parameter, so the choice is in the URL like the rest of the filters.

export type DaysSelectProps = {
  label: string;
  /** The query parameter, e.g. 'periodDays'. */
  name: string;
  choices: readonly number[];
  /** The choice shown while the URL names none (the API's default). */
  value: number;
  defaultValue: number;
};

/** A number of days among `choices`; the default leaves the URL without the parameter. */
export function DaysSelect({ label, name, choices, value, defaultValue }: DaysSelectProps) {
  const filters = useReportFilters();
  return (
    <NativeSelect
      label={label}
      data={choices.map((days) => ({ value: String(days), label: daysText(days) }))}
      value={String(value)}
      onChange={(e) => {
        const days = Number(e.currentTarget.value);
        filters.set({ [name]: days === defaultValue ? null : days });
      }}
    />
  );
}

/** Tags flagged with one urgency (SPEC §3), or all. */
export function UrgencySelect({ value }: { value: CollectionUrgency | undefined }) {
  const filters = useReportFilters();
  return (
    <NativeSelect
      label="Urgency"
      data={[
        { value: '', label: 'All urgencies' },
        ...COLLECTION_URGENCIES.map((u) => ({ value: String(u), label: urgencyLabel(u) })),
      ]}
      value={value === undefined ? '' : String(value)}
      onChange={(e) => filters.set({ urgency: e.currentTarget.value || null })}
    />
  );
}

/** Tags flagged for one reason, or all. */
export function ReasonSelect({ value }: { value: CollectionReason | undefined }) {
  const filters = useReportFilters();
  return (
    <NativeSelect
      label="Reason"
      data={[
        { value: '', label: 'All reasons' },
        ...FLAG_REASONS.map((r) => ({ value: r, label: reasonLabel(r) })),
      ]}
      value={value ?? ''}
      onChange={(e) => filters.set({ reason: e.currentTarget.value || null })}
    />
  );
}

/** Tags on one replacement timeline (SPEC §4), or both. */
export function TimelineSelect({ value }: { value: ReplacementTimeline | undefined }) {
  const filters = useReportFilters();
  return (
    <NativeSelect
      label="Replacement"
      data={[
        { value: '', label: 'All timelines' },
        ...REPLACEMENT_TIMELINES.map((t) => ({ value: t, label: timelineLabel(t) })),
      ]}
      value={value ?? ''}
      onChange={(e) => filters.set({ timeline: e.currentTarget.value || null })}
    />
  );
}

/** Missing Tags: not heard for longer than this many days (default 1). */
export function PeriodSelect({ value }: { value: number }) {
  return (
    <DaysSelect
      label="Not heard for longer than"
      name="periodDays"
      choices={NOT_SEEN_PERIOD_DAYS}
      value={value}
      defaultValue={DEFAULT_NOT_SEEN_PERIOD_DAYS}
    />
  );
}

/** Disconnected gateways: silent for longer than this many days (SPEC §9: 2 by default). */
export function ThresholdSelect({ value }: { value: number }) {
  return (
    <DaysSelect
      label="Silent for longer than"
      name="thresholdDays"
      choices={THRESHOLD_DAYS}
      value={value}
      defaultValue={DISCONNECTED_THRESHOLD_DAYS}
    />
  );
}
