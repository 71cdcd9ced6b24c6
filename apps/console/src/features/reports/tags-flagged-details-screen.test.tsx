import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderSignedIn } from '../../test/signed-in';
import {
  CurrentUrl,
  queryOf,
  reportRules,
  serveReport,
  summaryFixture,
  tagRow,
  withReportClock,
} from './report-test-server';
import { TagsFlaggedDetailsScreen } from './tags-flagged-details-screen';

withReportClock();

const rules = reportRules('tags');
const ROWS = [
  tagRow({ id: 'c0ffee000001', urgency: 0, reason: 'battery_depleted', owner: 'Ann Lee' }),
  tagRow({ id: 'c0ffee000002', urgency: 2, reason: 'staff_turnover', owner: 'Bo Chen' }),
];

function open(path = '/reports/tags-flagged/details') {
  return renderSignedIn(
    <>
      <TagsFlaggedDetailsScreen />
      <CurrentUrl />
    </>,
    { rules, path },
  );
}

describe('Flagged Tags (SPEC §2.1 /reports/tags-flagged/details)', () => {
  it('lists flagged tags with their urgency and reason in words', async () => {
    serveReport('tagsFlagged', {
      details: ROWS,
      summary: summaryFixture('tagsFlagged', { total: 2, by: { '0': 1, '2': 1 } }),
    });
    open();
    expect(screen.getByRole('heading', { level: 1, name: 'Flagged Tags' })).toBeInTheDocument();
    const first = (await screen.findByRole('link', { name: 'c0ffee000001' })).closest('tr')!;
    expect(within(first).getByText('Collect Immediately')).toBeInTheDocument();
    expect(within(first).getByText('Battery depleted')).toBeInTheDocument();
    const second = screen.getByRole('link', { name: 'c0ffee000002' }).closest('tr')!;
    expect(within(second).getByText('Collect When Possible')).toBeInTheDocument();
    expect(within(second).getByText('Staff turnover')).toBeInTheDocument();
  });

  it('counts each urgency, each count narrowing the list to it', async () => {
    serveReport('tagsFlagged', {
      details: ROWS,
      summary: summaryFixture('tagsFlagged', { total: 5, by: { '0': 3, '1': 0, '2': 2 } }),
    });
    open('/reports/tags-flagged/details?start=2026-06-01&end=2026-06-07&reason=manual');
    const counts = await screen.findByRole('group', { name: 'Flagged tags by urgency' });
    const immediately = await within(counts).findByRole('link', { name: '3 tags to Collect Immediately' });
    expect(Object.fromEntries(queryOf(immediately.getAttribute('href')))).toEqual({
      start: '2026-06-01',
      end: '2026-06-07',
      reason: 'manual',
      urgency: '0',
    });
    expect(within(counts).queryByRole('link', { name: /Collect Soon/ })).not.toBeInTheDocument();
    expect(within(counts).getByRole('link', { name: '2 tags to Collect When Possible' })).toBeInTheDocument();
  });

  it('filters by urgency and reason, in the URL and in the request', async () => {
    const server = serveReport('tagsFlagged', { details: ROWS });
    open('/reports/tags-flagged/details?urgency=1');
    await screen.findByRole('link', { name: 'c0ffee000001' });
    const details = () => server.reportRequests().filter((u) => u.searchParams.get('view') === 'details');
    expect(details().at(-1)!.searchParams.get('urgency')).toBe('1');
    // The urgency counts are of every urgency.
    const summary = server.reportRequests().find((u) => u.searchParams.get('view') === 'summary')!;
    expect(summary.searchParams.has('urgency')).toBe(false);

    const urgency = screen.getByRole('combobox', { name: 'Urgency' });
    expect(urgency).toHaveValue('1');
    await userEvent.selectOptions(urgency, '0');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Reason' }), 'battery_low');
    await waitFor(() => expect(details().at(-1)!.searchParams.get('reason')).toBe('battery_low'));
    expect(details().at(-1)!.searchParams.get('urgency')).toBe('0');
    const url = queryOf(screen.getByRole('status', { name: 'Current URL' }).textContent);
    expect([url.get('urgency'), url.get('reason')]).toEqual(['0', 'battery_low']);

    await userEvent.selectOptions(urgency, '');
    await waitFor(() => expect(details().at(-1)!.searchParams.has('urgency')).toBe(false));
  });

  it('says so when no tag is flagged', async () => {
    serveReport('tagsFlagged', { details: [] });
    open();
    expect(await screen.findByText('No flagged tags in this range')).toBeInTheDocument();
  });

  it('shows the reason of a failure', async () => {
    serveReport('tagsFlagged', {
      details: () => ({ status: 400, body: { reason: 'The range must not be longer than 800 days' } }),
    });
    open();
    expect(await screen.findByText(/The range must not be longer than 800 days/)).toBeInTheDocument();
  });
});
