import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { json, stubFetch } from '../../test/fetch-stub';
import { renderSignedIn } from '../../test/signed-in';
import { zoneFixture } from '../../test/zone-fixtures';
import { ANALYST, WARD_3, incidentsAnswer, layOutCharts } from './analytics-fixtures';
import { IncidentsScreen } from './incidents-screen';

const PATH = '/analytics/incidents?start=2026-06-01&end=2026-06-03';

/** Serves GET analytics/incidents with `answer` (and a zone's name for the picker); records each query. */
function serveIncidents(answer: (query: URLSearchParams) => unknown) {
  const queries: URLSearchParams[] = [];
  stubFetch((url) => {
    if (url.pathname === '/api/analytics/incidents') {
      queries.push(url.searchParams);
      return answer(url.searchParams);
    }
    if (url.pathname === `/api/zones/${WARD_3.id}`) return zoneFixture({ ...WARD_3, level: 'unit' });
    return json({ reason: 'Not found' }, 404);
  });
  return queries;
}

const rowOf = (table: HTMLElement, name: string) =>
  within(table).getByRole('row', { name: new RegExp(`^${name}`) });
const cells = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((c) => c.textContent);

describe('the incidents screen (issue 18, /analytics/incidents)', () => {
  beforeEach(layOutCharts);

  it('asks for the URL’s days and shows totals, the series, locations and incident details', async () => {
    const queries = serveIncidents(() => incidentsAnswer());
    renderSignedIn(<IncidentsScreen />, { rules: ANALYST, path: PATH });

    expect(screen.getByRole('status')).toHaveTextContent('Loading…');
    expect(await screen.findByText('All incidents')).toBeInTheDocument();
    const query = queries[0]!;
    expect(query.get('start')).toMatch(/^2026-06-01T00:00:00\.000[+-]\d\d:\d\d$/);
    expect(query.get('end')).toMatch(/^2026-06-03T23:59:59\.999[+-]\d\d:\d\d$/);
    expect(query.has('includeTest')).toBe(false);
    expect(query.has('zone')).toBe(false);

    const totals = screen.getByRole('region', { name: 'Totals' });
    expect(within(totals).getByText('120')).toBeInTheDocument();
    expect(within(totals).getByText('Help').nextSibling).toHaveTextContent('100');
    expect(within(totals).getByText('Danger').nextSibling).toHaveTextContent('20');
    expect(within(totals).queryByText('Test')).not.toBeInTheDocument();

    expect(
      screen.getByRole('img', {
        name: /^Incidents per day, stacked by mode \(Help, Danger\): 120 over 3 days/,
      }),
    ).toHaveAccessibleName(/the most, 62, in Jun 2, 2026\.$/);
    const series = screen.getByRole('table', { name: 'Incidents per day' });
    expect(
      within(series)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Period', 'Help', 'Danger', 'Total']);
    expect(cells(rowOf(series, 'Jun 2, 2026'))).toEqual(['50', '12', '62']);

    const locations = screen.getByRole('table', { name: 'Incidents per location in Demo Hospital' });
    expect(cells(rowOf(locations, 'Ward 3'))).toEqual(['90', '75%']);
    expect(within(locations).getByRole('link', { name: 'Ward 3' })).toHaveAttribute(
      'href',
      `/analytics/incidents?start=2026-06-01&end=2026-06-03&zone=${WARD_3.id}`,
    );
    // Incidents placed on the chosen zone itself: no link to the same screen.
    expect(within(rowOf(locations, 'Demo Hospital')).queryByRole('link')).not.toBeInTheDocument();
    expect(
      screen.getByRole('img', { name: /^Incidents by location in Demo Hospital: Ward 3 90, Ward 4 25/ }),
    ).toBeInTheDocument();

    const category = screen.getByRole('table', { name: 'Incidents by category' });
    expect(cells(rowOf(category, 'Self-harm'))).toEqual(['12', '75%']);
    expect(cells(rowOf(category, 'Verbal'))).toEqual(['4', '25%']);
    expect(cells(rowOf(screen.getByRole('table', { name: 'Incidents by source' }), 'Patient'))).toEqual([
      '16',
      '100%',
    ]);
    const injured = screen.getByRole('heading', { name: 'Who was injured', level: 3 }).parentElement!;
    expect(within(injured).getByText('Not recorded in this range.')).toBeInTheDocument();

    expect(screen.getByText(/refreshed daily at midnight, America\/Chicago time/)).toBeInTheDocument();
  });

  it('counts test alerts only when asked, and narrows to a location by its link', async () => {
    const queries = serveIncidents((q) =>
      incidentsAnswer(
        q.get('includeTest') === 'true'
          ? {
              total: 123,
              byMode: [
                { value: 'help', count: 100 },
                { value: 'danger', count: 20 },
                { value: 'test', count: 3 },
              ],
            }
          : {},
      ),
    );
    renderSignedIn(<IncidentsScreen />, { rules: ANALYST, path: PATH });
    await screen.findByText('All incidents');

    await userEvent.click(screen.getByRole('switch', { name: 'Include test alerts' }));
    await waitFor(() => expect(queries.at(-1)?.get('includeTest')).toBe('true'));
    const totals = await screen.findByRole('region', { name: 'Totals' });
    await waitFor(() => expect(within(totals).getByText('Test').nextSibling).toHaveTextContent('3'));
    expect(within(totals).getByText('123')).toBeInTheDocument();
    expect(screen.getByRole('table', { name: 'Incidents per day' })).toHaveTextContent('Test');

    await userEvent.click(screen.getByRole('link', { name: 'Ward 3' }));
    await waitFor(() => expect(queries.at(-1)?.get('zone')).toBe(WARD_3.id));
    expect(queries.at(-1)?.get('includeTest')).toBe('true');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Zone' })).toHaveTextContent('Ward 3'));
  });

  it('keeps the charts out of the tab order', async () => {
    serveIncidents(() => incidentsAnswer());
    const { container } = renderSignedIn(<IncidentsScreen />, { rules: ANALYST, path: PATH });
    await screen.findByText('All incidents');
    // React listens for focus on recharts' portal layers, which Chromium then tabs into.
    const layers = container.querySelectorAll('g[class^="recharts-zIndex-layer"]');
    expect(layers.length).toBeGreaterThan(0);
    await waitFor(() =>
      expect(
        [...container.querySelectorAll('svg g[class^="recharts-zIndex-layer"]')].map((g) =>
          g.getAttribute('tabindex'),
        ),
      ).toEqual([...layers].map(() => '-1')),
    );
  });

  it('asks for the chosen grouping', async () => {
    const queries = serveIncidents(() => incidentsAnswer());
    renderSignedIn(<IncidentsScreen />, { rules: ANALYST, path: PATH });
    await screen.findByText('All incidents');
    const groupBy = screen.getByRole('combobox', { name: 'Group by' });
    expect(groupBy).toHaveDisplayValue('Automatic');
    expect(queries[0]!.has('interval')).toBe(false);
    await userEvent.selectOptions(groupBy, 'Week');
    await waitFor(() => expect(queries.at(-1)?.get('interval')).toBe('week'));
    expect(groupBy).toHaveDisplayValue('Week');
  });

  it('opens with the URL’s zone and options, and goes back to the whole organisation', async () => {
    const queries = serveIncidents(() => incidentsAnswer());
    renderSignedIn(<IncidentsScreen />, {
      rules: ANALYST,
      path: `${PATH}&zone=${WARD_3.id}&includeTest=true&interval=month`,
    });
    await screen.findByText('All incidents');
    expect(queries[0]!.get('zone')).toBe(WARD_3.id);
    expect(queries[0]!.get('includeTest')).toBe('true');
    expect(queries[0]!.get('interval')).toBe('month');
    expect(screen.getByRole('switch', { name: 'Include test alerts' })).toBeChecked();
    expect(screen.getByRole('combobox', { name: 'Group by' })).toHaveDisplayValue('Month');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Zone' })).toHaveTextContent('Ward 3'));

    await userEvent.click(screen.getByRole('button', { name: 'Whole organisation' }));
    await waitFor(() => expect(queries.at(-1)?.has('zone')).toBe(false));
    expect(queries.at(-1)?.get('includeTest')).toBe('true');
    expect(queries.at(-1)?.get('interval')).toBe('month');
    expect(screen.getByRole('button', { name: 'Zone' })).toHaveTextContent('Whole organisation');
    expect(screen.queryByRole('button', { name: 'Whole organisation' })).not.toBeInTheDocument();
  });

  it('says when no incident was raised in the range', async () => {
    serveIncidents(() =>
      incidentsAnswer({
        total: 0,
        series: [],
        byMode: [],
        byLocation: [],
        byDetail: { category: [], source: [], injury: [], target: [] },
      }),
    );
    renderSignedIn(<IncidentsScreen />, { rules: ANALYST, path: PATH });
    expect(await screen.findByText('No incidents in this range')).toBeInTheDocument();
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
  });

  it('shows the server’s reason when it refuses, without a Retry that cannot help', async () => {
    serveIncidents(() => json({ reason: 'Not allowed to read Report analytics' }, 403));
    renderSignedIn(<IncidentsScreen />, { rules: ANALYST, path: PATH });
    expect(await screen.findByText(/Not allowed to read Report analytics/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument();
  });
});
