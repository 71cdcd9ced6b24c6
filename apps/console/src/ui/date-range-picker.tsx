import { useMemo, useState } from 'react';
import dayjs from 'dayjs';
import { DatePickerInput } from '@mantine/dates';
import { IconCalendar } from '@tabler/icons-react';
import { datePresets, defaultDateRange, type DateRange } from './date-presets';

type Draft = [string | null, string | null];

export type DateRangePickerProps = {
  /** The visible label (default 'Date range'). */
  label?: string;
  /** The chosen range; without it the picker starts at SPEC §9's default, the previous day to today. */
  value?: DateRange;
  /** Called with whole days, [first day 00:00, last day 23:59:59.999], once both ends are chosen. */
  onChange: (range: DateRange) => void;
  /** The last day that may be chosen. */
  maxDate?: Date;
  /** A hint under the field. */
  description?: string;
  disabled?: boolean;
};

const DAY = 'YYYY-MM-DD';
const toDraft = ([start, end]: DateRange): Draft => [dayjs(start).format(DAY), dayjs(end).format(DAY)];
const fromDraft = (start: string, end: string): DateRange => [
  dayjs(start).startOf('day').toDate(),
  dayjs(end).endOf('day').toDate(),
];

/** SPEC §2.8, §9: a date-range field with the presets Today … Last Year; the calendar starts weeks on Monday. */
export function DateRangePicker({ label = 'Date range', value, onChange, ...rest }: DateRangePickerProps) {
  const [draft, setDraft] = useState<Draft>(() => toDraft(value ?? defaultDateRange(new Date())));
  // A new value from the parent replaces a half-chosen range (React's "adjust state on prop change").
  const valueKey = value ? toDraft(value).join('/') : null;
  const [seenKey, setSeenKey] = useState(valueKey);
  if (valueKey !== seenKey) {
    setSeenKey(valueKey);
    if (value) setDraft(toDraft(value));
  }
  const presets = useMemo(
    () => datePresets(new Date()).map((preset) => ({ label: preset.label, value: toDraft(preset.range) })),
    [],
  );

  function change(next: Draft) {
    setDraft(next);
    if (next[0] && next[1]) onChange(fromDraft(next[0], next[1]));
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
      maxDate={rest.maxDate}
      description={rest.description}
      disabled={rest.disabled}
    />
  );
}
