import { useMemo, useState } from 'react';
import { DatePickerInput } from '@mantine/dates';
import { IconCalendar } from '@tabler/icons-react';
import { DATE_PRESETS, defaultDays, localDay, presetDays, type DayRange } from '@vigil/domain';
import { browserTimeZone, daysOfRange, rangeOfDays, type DateRange } from './date-presets';

type Draft = [string | null, string | null];

export type DateRangePickerProps = {
  /** The visible label (default 'Date range'). */
  label?: string;
  /** The chosen range; without it the picker starts at SPEC §9's default, the previous day to today. */
  value?: DateRange;
  /** Called with whole days, [first day 00:00, last day 23:59:59.999], once both ends are chosen. */
  onChange: (range: DateRange) => void;
  /** The last day that may be chosen: the day of this instant in `timeZone` (e.g. `new Date()`: today). */
  maxDate?: Date;
  /**
   * The time zone whose days the presets, the default range and `maxDate` count in (issue 18: a
   * report's, the organisation's); default the browser's. The calendar shows days either way.
   */
  timeZone?: string;
  /** A hint under the field. */
  description?: string;
  disabled?: boolean;
};

const daysDraft = (days: DayRange): [string, string] => [days.start, days.end];
const toDraft = (range: DateRange): Draft => daysDraft(daysOfRange(range));

/** SPEC §2.8, §9: a date-range field with the presets Today … Last Year; the calendar starts weeks on Monday. */
export function DateRangePicker({
  label = 'Date range',
  value,
  onChange,
  timeZone,
  ...rest
}: DateRangePickerProps) {
  const zone = timeZone ?? browserTimeZone();
  const [draft, setDraft] = useState<Draft>(() =>
    value ? toDraft(value) : daysDraft(defaultDays(new Date(), zone)),
  );
  // A new value from the parent replaces a half-chosen range (React's "adjust state on prop change").
  const valueKey = value ? toDraft(value).join('/') : null;
  const [seenKey, setSeenKey] = useState(valueKey);
  if (valueKey !== seenKey) {
    setSeenKey(valueKey);
    if (value) setDraft(toDraft(value));
  }
  const presets = useMemo(
    () =>
      DATE_PRESETS.map((preset) => ({
        label: preset,
        value: daysDraft(presetDays(preset, new Date(), zone)),
      })),
    [zone],
  );

  function change(next: Draft) {
    setDraft(next);
    if (next[0] && next[1]) onChange(rangeOfDays({ start: next[0], end: next[1] }));
  }

  return (
    <DatePickerInput
      type="range"
      label={label}
      value={draft}
      onChange={change}
      presets={presets}
      firstDayOfWeek={1}
      allowSingleDateInRange
      valueFormat="MMM D, YYYY"
      leftSection={<IconCalendar size={16} aria-hidden />}
      maxDate={rest.maxDate ? localDay(rest.maxDate, zone) : undefined}
      description={rest.description}
      disabled={rest.disabled}
    />
  );
}
