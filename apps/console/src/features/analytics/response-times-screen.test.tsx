import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { json, stubFetch } from '../../test/fetch-stub';
import { CurrentPath, renderSignedIn } from '../../test/signed-in';
import { ANALYST, WARD_3, WARD_4, layOutCharts, responseTimesAnswer } from './analytics-fixtures';
import { ResponseTimesScreen } from './response-times-screen';

const PATH = '/analytics/response-times?start=2026-06-01&end=2026-06-14';

/** Serves GET analytics/response-times with `answer`; records each query. */
function serveResponseTimes(answer: () => unknown) {
  const queries: URLSearchParams[] = [];
  stubFetch((url) => {
    if (url.pathname !== '/api/analytics/response-times') return json({ reason: 'Not found' }, 404);
    queries.push(url.searchParams);
    return answer();
  });
  return queries;
}

function renderScreen() {
  return renderSignedIn(
    <>
      <ResponseTimesScreen />
      <CurrentPath />
    </>,
    { rules: ANALYST, path: PATH },
  );
}

const rowOf = (table: HTMLElement, name: string) =>
  within(table).getByRole('row', { name: new RegExp(`^${name}`) });
const cells = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((c) => c.textContent);
/** A big number: its label, then its value. */
const figure = (region: HTMLElement, label: string) =>
  within(region).getByText(label).nextSibling?.textContent;

describe('the response times screen (issue 18, /analytics/response-times)', () => {
  beforeEach(layOutCharts);

  it('shows p50 and p90 of both durations, their spread, weeks and locations', async () => {
    const queries = serveResponseTimes(() => responseTimesAnswer());
    renderScreen();
    expect(screen.getByText('Loading…')).toBeInTheDocument();

    const acknowledge = await screen.findByRole('region', { name: 'Time to acknowledge' });
    expect(queries[0]!.get('start')).toMatch(/^2026-06-01T00:00:00\.000/);
    expect(queries[0]!.get('end')).toMatch(/^2026-06-14T23:59:59\.999/);
    expect(figure(acknowledge, 'Half within (p50)')).toBe('42 s');
    expect(figure(acknowledge, '90% within (p90)')).toBe('3 min 5 s');
    expect(figure(acknowledge, 'Alerts acknowledged')).toBe('100');
    expect(
      within(acknowledge).getByRole('img', {
        name: 'Time to acknowledge, distribution: 100 alerts acknowledged, half within 42 s, 90% within 3 min 5 s; most often 30 s to 1 min.',
      }),
    ).toBeInTheDocument();
    // The empty buckets before the first alert and after the last are left out.
    const spread = within(acknowledge).getByRole('table', {
      name: 'Time to acknowledge: alerts per duration',
    });
    expect(
      within(spread)
        .getAllByRole('row')
        .slice(1)
        .map((r) => r.textContent),
    ).toEqual(['10 s to 30 s40', '30 s to 1 min50', '1 min to 5 min8', '5 min to 1 d2']);

    const close = screen.getByRole('region', { name: 'Time to close' });
    expect(figure(close, 'Half within (p50)')).toBe('5 min 30 s');
    expect(figure(close, '90% within (p90)')).toBe('2 h 10 min');

    const weeks = screen.getByRole('table', { name: 'Response times per week' });
    expect(cells(rowOf(weeks, 'Week of Jun 8, 2026'))).toEqual([
      '40',
      '45 s',
      '3 min 20 s',
      '5 min 40 s',
      '2 h 10 min',
    ]);
    expect(
      screen.getByRole('img', {
        name: /^Time to close per week, p50 and p90, over 2 weeks; the slowest p90, 2 h 10 min/,
      }),
    ).toBeInTheDocument();

    const locations = screen.getByRole('table', { name: 'Response times per location in Demo Hospital' });
    expect(
      within(locations)
        .getAllByRole('rowheader')
        .map((h) => h.textContent),
    ).toEqual(['Ward 3', 'Ward 4']);
    expect(cells(rowOf(locations, 'Ward 4'))).toEqual(['30', '50 s', '4 min', '6 min 40 s', '15 min']);
    expect(within(locations).getByRole('link', { name: 'Ward 4' })).toHaveAttribute(
      'href',
      `/analytics/response-times?start=2026-06-01&end=2026-06-14&zone=${WARD_4.id}`,
    );
    expect(screen.getByText(/refreshed daily at midnight, America\/Chicago time/)).toBeInTheDocument();
  });

  it('lists the slowest alerts, each opening the alert', async () => {
    serveResponseTimes(() => responseTimesAnswer());
    renderScreen();
    const slowest = await screen.findByRole('table', { name: /^The slowest alerts to acknowledge/ });
    const created = new Date('2026-06-09T14:03:00.000Z').toLocaleString();
    const first = rowOf(slowest, created);
    expect(cells(first)).toEqual(['c0ffee000002', 'Danger', 'Ward 3 › Room 12', '1 h 2 min', '1 h 7 min']);
    expect(cells(rowOf(slowest, new Date('2026-06-02T08:00:00.000Z').toLocaleString()))).toEqual([
      'c0ffee000007',
      'Help',
      '—',
      '15 min 5 s',
      '—',
    ]);

    await userEvent.click(within(first).getByRole('link', { name: created }));
    expect(screen.getByRole('status', { name: 'Current path' })).toHaveTextContent('/alert/al-slow-1');
  });

  it('says when no alert was answered in the range', async () => {
    const none = { count: 0, p50: null, p90: null, histogram: [] };
    serveResponseTimes(() =>
      responseTimesAnswer({ acknowledge: none, close: none, weekly: [], byLocation: [], slowest: [] }),
    );
    renderScreen();
    expect(await screen.findByText('No incidents in this range')).toBeInTheDocument();
  });

  it('says so when alerts were closed but none acknowledged', async () => {
    serveResponseTimes(() =>
      responseTimesAnswer({ acknowledge: { count: 0, p50: null, p90: null, histogram: [] } }),
    );
    renderScreen();
    const acknowledge = await screen.findByRole('region', { name: 'Time to acknowledge' });
    expect(within(acknowledge).getByText('No alerts were acknowledged in this range.')).toBeInTheDocument();
    expect(figure(acknowledge, 'Half within (p50)')).toBe('—');
    expect(
      within(screen.getByRole('region', { name: 'Time to close' })).getByRole('img'),
    ).toBeInTheDocument();
  });

  it('offers Retry after a server fault, and shows the answer once it comes', async () => {
    let fail = true;
    serveResponseTimes(() => (fail ? json({ reason: 'Internal error' }, 500) : responseTimesAnswer()));
    renderScreen();
    expect(await screen.findByText(/Internal error/)).toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('region', { name: 'Time to acknowledge' })).toBeInTheDocument();
  });

  it('keeps the zone of the URL in the request', async () => {
    const queries = serveResponseTimes(() => responseTimesAnswer({ zone: WARD_3, byLocation: [] }));
    renderSignedIn(<ResponseTimesScreen />, {
      rules: ANALYST,
      path: `${PATH}&zone=${WARD_3.id}&includeTest=true`,
    });
    await screen.findByRole('region', { name: 'Time to acknowledge' });
    await waitFor(() => expect(queries[0]!.get('zone')).toBe(WARD_3.id));
    expect(queries[0]!.get('includeTest')).toBe('true');
    expect(screen.getByRole('switch', { name: 'Include test alerts' })).toBeChecked();
    expect(screen.getByRole('button', { name: 'Whole organisation' })).toBeInTheDocument();
    // The response times have no series to group.
    expect(screen.queryByRole('combobox', { name: 'Group by' })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'By location' })).not.toBeInTheDocument();
  });
});
