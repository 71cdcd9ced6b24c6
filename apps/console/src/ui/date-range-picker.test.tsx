import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DATE_PRESETS } from '@vigil/domain';
import { renderWithProviders } from '../test/render';
import { stubLayout } from '../test/layout-stub';
import { presetRange, rangeOfDays } from './date-presets';
import { DateRangePicker } from './date-range-picker';

// Wednesday 10 June 2026; only Date is faked, so Mantine's timers still run.
const NOW = new Date(2026, 5, 10, 9, 0);
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
  stubLayout();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('DateRangePicker (SPEC §9)', () => {
  it('starts at the previous day to today', () => {
    renderWithProviders(<DateRangePicker onChange={() => {}} />);
    expect(screen.getByRole('button', { name: 'Date range' })).toHaveTextContent(
      'Jun 9, 2026 – Jun 10, 2026',
    );
  });

  it('offers every preset and picks one', async () => {
    const onChange = vi.fn();
    renderWithProviders(<DateRangePicker label="Period" onChange={onChange} />);
    await userEvent.click(screen.getByRole('button', { name: 'Period' }));
    for (const preset of DATE_PRESETS)
      expect(await screen.findByRole('button', { name: preset })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Last Week' }));
    expect(onChange).toHaveBeenCalledWith(presetRange('Last Week', NOW));
    expect(screen.getByRole('button', { name: 'Period' })).toHaveTextContent('Jun 1, 2026 – Jun 7, 2026');
  });

  it('gives whole days once both ends are chosen in the calendar', async () => {
    const onChange = vi.fn();
    renderWithProviders(<DateRangePicker onChange={onChange} />);
    await userEvent.click(screen.getByRole('button', { name: 'Date range' }));
    await userEvent.click(await screen.findByRole('button', { name: '2 June 2026' }));
    expect(onChange).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: '4 June 2026' }));
    expect(onChange).toHaveBeenCalledWith([new Date(2026, 5, 2), new Date(2026, 5, 4, 23, 59, 59, 999)]);
  });

  it('counts the presets, the default range and the last day in the time zone it is given', async () => {
    // 11 June 2026 03:00 UTC is still 10 June, 22:00, in Chicago.
    vi.setSystemTime(new Date('2026-06-11T03:00:00Z'));
    const onChange = vi.fn();
    renderWithProviders(
      <DateRangePicker onChange={onChange} timeZone="America/Chicago" maxDate={new Date()} />,
    );
    const field = screen.getByRole('button', { name: 'Date range' });
    expect(field).toHaveTextContent('Jun 9, 2026 – Jun 10, 2026');
    await userEvent.click(field);
    expect(await screen.findByRole('button', { name: '10 June 2026' })).toBeEnabled();
    expect(screen.getByRole('button', { name: '11 June 2026' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'This Week' }));
    expect(onChange).toHaveBeenCalledWith(rangeOfDays({ start: '2026-06-08', end: '2026-06-10' }));
    expect(field).toHaveTextContent('Jun 8, 2026 – Jun 10, 2026');
  });

  it('shows a range given by its parent', () => {
    renderWithProviders(
      <DateRangePicker value={[new Date(2026, 0, 1), new Date(2026, 0, 31, 23, 59)]} onChange={() => {}} />,
    );
    expect(screen.getByRole('button', { name: 'Date range' })).toHaveTextContent(
      'Jan 1, 2026 – Jan 31, 2026',
    );
  });
});
