import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderSignedIn } from '../../test/signed-in';
import {
  BUILDING_A,
  CurrentUrl,
  queryOf,
  reportRules,
  serveReport,
  tagRow,
  withReportClock,
} from './report-test-server';
import { TagsNotSeenDetailsScreen } from './tags-not-seen-details-screen';

withReportClock();

const ANN = tagRow({
  id: 'c0ffee000001',
  label: 'Badge 1',
  owner: 'Ann Lee',
  location: 'Demo Hospital › Building A › Floor 2',
  lastSeen: '2026-06-09T08:30:00.000Z',
  batteryMv: 2650,
});

function open(path: string) {
  return renderSignedIn(
    <>
      <TagsNotSeenDetailsScreen />
      <CurrentUrl />
    </>,
    { rules: reportRules('tags'), path },
  );
}

describe('Missing Tags details (SPEC §2.1 /reports/tags-not-seen/details)', () => {
  it("lists the location's missing tags with owner, location and when they were last heard", async () => {
    const server = serveReport('tagsNotSeen', { details: [ANN] });
    open(`/reports/tags-not-seen/details?zone=${BUILDING_A.id}&start=2026-06-01&end=2026-06-07&periodDays=7`);
    expect(screen.getByRole('heading', { level: 1, name: 'Missing Tags Details' })).toBeInTheDocument();
    const row = (await screen.findByRole('link', { name: 'c0ffee000001' })).closest('tr')!;
    expect(within(row).getByRole('link', { name: 'c0ffee000001' })).toHaveAttribute(
      'href',
      '/tag/c0ffee000001',
    );
    expect(within(row).getByText('Ann Lee')).toBeInTheDocument();
    expect(within(row).getByText('Badge 1')).toBeInTheDocument();
    expect(within(row).getByText('Demo Hospital › Building A › Floor 2')).toBeInTheDocument();
    expect(within(row).getByText('2,650 mV')).toBeInTheDocument();
    expect(row.querySelector('time')).toHaveAttribute('dateTime', ANN.lastSeen);
    expect(screen.getByText('1 missing tag in Demo Hospital')).toBeInTheDocument();

    const q = server.reportRequests().at(-1)!.searchParams;
    expect(q.get('view')).toBe('details');
    expect(q.get('zone')).toBe(BUILDING_A.id);
    expect(q.get('periodDays')).toBe('7');
    expect(q.get('start')).toMatch(/^2026-06-01T00:00:00\.000/);
    expect([q.get('limit'), q.get('offset')]).toEqual(['50', '0']);

    // Back to the summary keeps the range and period.
    const back = screen.getByRole('link', { name: 'Missing Tags' });
    expect(back.getAttribute('href')!.split('?')[0]).toBe('/reports/tags-not-seen');
    expect(queryOf(back.getAttribute('href')).get('periodDays')).toBe('7');
  });

  it('pages through the rows, the page in the URL', async () => {
    const rows = Array.from({ length: 60 }, (_, i) => tagRow({ id: `c0ffee${String(i).padStart(6, '0')}` }));
    const server = serveReport('tagsNotSeen', { details: rows });
    open('/reports/tags-not-seen/details');
    await screen.findByRole('link', { name: 'c0ffee000000' });
    await userEvent.click(screen.getByRole('button', { name: 'Page 2' }));
    expect(await screen.findByRole('link', { name: 'c0ffee000050' })).toBeInTheDocument();
    expect(server.reportRequests().at(-1)!.searchParams.get('offset')).toBe('50');
    expect(queryOf(screen.getByRole('status', { name: 'Current URL' }).textContent).get('page')).toBe('2');
    // Another period starts again at the first page.
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Not heard for longer than' }), '30');
    await waitFor(() => expect(server.reportRequests().at(-1)!.searchParams.get('periodDays')).toBe('30'));
    expect(server.reportRequests().at(-1)!.searchParams.get('offset')).toBe('0');
    expect(queryOf(screen.getByRole('status', { name: 'Current URL' }).textContent).has('page')).toBe(false);
  });

  it('says so when no tag went missing', async () => {
    serveReport('tagsNotSeen', { details: [] });
    open('/reports/tags-not-seen/details');
    expect(await screen.findByText('No missing tags in this range')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it("shows the server's reason when the zone is outside the caller's", async () => {
    serveReport('tagsNotSeen', { details: () => ({ status: 404, body: { reason: 'Zone not found' } }) });
    open(`/reports/tags-not-seen/details?zone=${BUILDING_A.id}`);
    expect(await screen.findByText(/Zone not found/)).toBeInTheDocument();
  });
});
