import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { useLocation } from 'react-router';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { NativeSelect, Switch } from '@mantine/core';
import type { Me, RawRule } from '@vigil/domain';
import { meFixture } from '../test/alert-fixtures';
import { stubLayout } from '../test/layout-stub';
import { renderSignedIn } from '../test/signed-in';
import { zoneFixture } from '../test/zone-fixtures';
import { serveZones } from '../test/zone-server';
import { patchQuery, rangeFromQuery, reportLink, ReportFilters, useReportFilters } from './report-filters';

// Wednesday 10 June 2026, 9:00 local: the default range is 9 June to 10 June. Only Date is faked,
// so Mantine's timers still run; popovers get a layout.
const NOW = new Date(2026, 5, 10, 9, 0);
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
  stubLayout();
});
afterEach(() => {
  vi.useRealTimers();
});

const ORG = { id: 'org-1', name: 'Demo Hospital' };
const BUILDING_A = { id: '0b1e9a52-1111-4c3e-9d1a-aaaaaaaaaaaa', name: 'Building A' };
const RULES = [{ action: 'read', subject: 'Report' } as RawRule];

/** The router's current query, for checking what a change wrote to the URL. */
function CurrentQuery() {
  return <output aria-label="Current query">{useLocation().search}</output>;
}
const currentQuery = () =>
  new URLSearchParams(screen.getByRole('status', { name: 'Current query' }).textContent ?? '');

const day = (y: number, m: number, d: number, end = false) =>
  end ? new Date(y, m - 1, d, 23, 59, 59, 999) : new Date(y, m - 1, d);

describe('the range of the URL (SPEC §9: default the previous day to today)', () => {
  it.each([
    ['no range', null, null, [day(2026, 6, 9), day(2026, 6, 10, true)]],
    ['a range', '2026-05-01', '2026-05-31', [day(2026, 5, 1), day(2026, 5, 31, true)]],
    ['one day', '2026-05-01', '2026-05-01', [day(2026, 5, 1), day(2026, 5, 1, true)]],
    ['an end before the start', '2026-05-31', '2026-05-01', [day(2026, 6, 9), day(2026, 6, 10, true)]],
    ['not a day', '2026-05-01T10:00', '2026-05-31', [day(2026, 6, 9), day(2026, 6, 10, true)]],
    ['half a range', '2026-05-01', null, [day(2026, 6, 9), day(2026, 6, 10, true)]],
  ])('%s', (_name, start, end, expected) => {
    expect(rangeFromQuery(start, end, NOW)).toEqual(expected);
  });
});

describe('patchQuery and reportLink', () => {
  it('writes the range as two days, drops empty options and returns to the first page', () => {
    const next = patchQuery('zone=z1&periodDays=7&page=3', {
      range: [day(2026, 6, 1), day(2026, 6, 7, true)],
      periodDays: null,
      urgency: 0,
    });
    expect(Object.fromEntries(next)).toEqual({
      zone: 'z1',
      start: '2026-06-01',
      end: '2026-06-07',
      urgency: '0',
    });
    expect(patchQuery('page=3', { page: 4 }).get('page')).toBe('4');
  });

  it('writes a yes/no option as true, and removes it when no', () => {
    expect(patchQuery('zone=z1', { includeTest: true }).toString()).toBe('zone=z1&includeTest=true');
    expect(patchQuery('includeTest=true&interval=week', { includeTest: false }).toString()).toBe(
      'interval=week',
    );
  });

  it('links to another screen with the same query and the patch', () => {
    expect(reportLink('/reports/x', 'start=2026-06-01&end=2026-06-07&page=2', { zone: 'z2' })).toBe(
      '/reports/x?start=2026-06-01&end=2026-06-07&zone=z2',
    );
    expect(reportLink('/reports/x', '')).toBe('/reports/x');
  });
});

/** What a screen would ask the API, and a yes/no option, from the shared state. */
function Probe() {
  const filters = useReportFilters();
  return (
    <>
      <output aria-label="Request">{JSON.stringify(filters.query)}</output>
      <output aria-label="Include test">{String(filters.flag('includeTest'))}</output>
    </>
  );
}
const request = () =>
  JSON.parse(screen.getByRole('status', { name: 'Request' }).textContent!) as Record<string, string>;

/** A screen's own options in `extra`, each bound to the URL through useReportFilters. */
function Options() {
  const filters = useReportFilters();
  return (
    <>
      <NativeSelect
        label="Group by"
        data={['', 'week']}
        value={filters.get('interval') ?? ''}
        onChange={(e) => filters.set({ interval: e.currentTarget.value || null })}
      />
      <Switch
        label="Include test alerts"
        checked={filters.flag('includeTest')}
        onChange={(e) => filters.set({ includeTest: e.currentTarget.checked })}
      />
    </>
  );
}

describe('ReportFilters', () => {
  const zones = [
    zoneFixture({ id: ORG.id, name: ORG.name, level: 'org' }),
    zoneFixture({ id: BUILDING_A.id, name: BUILDING_A.name, level: 'building', parent: ORG.id }),
  ];

  it('puts the picked zone and range in the URL, and the request reads them', async () => {
    serveZones(zones);
    renderSignedIn(
      <>
        <ReportFilters />
        <Probe />
        <CurrentQuery />
      </>,
      { rules: RULES, path: '/reports/tags-not-seen' },
    );
    const zone = screen.getByRole('button', { name: 'Zone' });
    expect(zone).toHaveTextContent('Whole organisation');
    expect(screen.getByRole('button', { name: 'Date range' })).toHaveTextContent(
      'Jun 9, 2026 – Jun 10, 2026',
    );
    expect(request().zone).toBeUndefined();

    await userEvent.click(zone);
    await userEvent.click(await screen.findByText('Building A'));
    await waitFor(() => expect(request().zone).toBe(BUILDING_A.id));
    expect(currentQuery().get('zone')).toBe(BUILDING_A.id);

    await userEvent.click(screen.getByRole('button', { name: 'Date range' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Last 7 days' }));
    expect([currentQuery().get('start'), currentQuery().get('end')]).toEqual(['2026-06-03', '2026-06-10']);
    expect(request().start).toMatch(/^2026-06-03T00:00:00\.000[+-]\d\d:\d\d$/);
    expect(request().end).toMatch(/^2026-06-10T23:59:59\.999[+-]\d\d:\d\d$/);
  });

  it('offers the whole organisation again once a zone is chosen', async () => {
    serveZones(zones);
    renderSignedIn(
      <>
        <ReportFilters />
        <Probe />
        <CurrentQuery />
      </>,
      { rules: RULES, path: `/analytics/incidents?zone=${BUILDING_A.id}&start=2026-06-01&end=2026-06-07` },
    );
    await waitFor(() => expect(screen.getByRole('button', { name: 'Zone' })).toHaveTextContent('Building A'));
    await userEvent.click(screen.getByRole('button', { name: 'Whole organisation' }));

    expect(screen.getByRole('button', { name: 'Zone' })).toHaveTextContent('Whole organisation');
    expect(screen.queryByRole('button', { name: 'Whole organisation' })).not.toBeInTheDocument();
    expect(currentQuery().has('zone')).toBe(false);
    expect(currentQuery().get('start')).toBe('2026-06-01');
    expect(request().zone).toBeUndefined();
  });

  it('shows a screen’s own fields and actions, whose options live in the URL too', async () => {
    serveZones(zones);
    renderSignedIn(
      <>
        <ReportFilters extra={<Options />} actions={<button type="button">Download CSV</button>} />
        <Probe />
        <CurrentQuery />
      </>,
      { rules: RULES, path: '/analytics/incidents?includeTest=true&page=2' },
    );
    expect(screen.getByRole('button', { name: 'Download CSV' })).toBeInTheDocument();
    const includeTest = screen.getByRole('switch', { name: 'Include test alerts' });
    expect(includeTest).toBeChecked();
    expect(screen.getByRole('status', { name: 'Include test' })).toHaveTextContent('true');

    await userEvent.click(includeTest);
    expect(includeTest).not.toBeChecked();
    expect(screen.getByRole('status', { name: 'Include test' })).toHaveTextContent('false');
    expect(currentQuery().has('includeTest')).toBe(false);
    expect(currentQuery().has('page')).toBe(false);

    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Group by' }), 'week');
    await userEvent.click(includeTest);
    expect(Object.fromEntries(currentQuery())).toEqual({ interval: 'week', includeTest: 'true' });
  });

  it('keeps the range from passing its last day when given one', async () => {
    serveZones(zones);
    const { unmount } = renderSignedIn(<ReportFilters maxDate={NOW} />, {
      rules: RULES,
      path: '/analytics/incidents',
    });
    await userEvent.click(screen.getByRole('button', { name: 'Date range' }));
    expect(await screen.findByRole('button', { name: '10 June 2026' })).toBeEnabled();
    expect(screen.getByRole('button', { name: '11 June 2026' })).toBeDisabled();
    unmount();

    renderSignedIn(<ReportFilters />, { rules: RULES, path: '/reports/tags-not-seen' });
    await userEvent.click(screen.getByRole('button', { name: 'Date range' }));
    expect(await screen.findByRole('button', { name: '11 June 2026' })).toBeEnabled();
  });

  it('ignores a zone that is not a zone id', () => {
    serveZones(zones);
    renderSignedIn(<Probe />, { rules: RULES, path: '/reports/tags-not-seen?zone=nonsense' });
    expect(screen.getByRole('status', { name: 'Request' }).textContent).not.toContain('nonsense');
  });
});

/** The signed-in admin of an organisation counting its days in `timeZone` (null: none set, so UTC). */
const meOf = (timeZone: string | null): Me => ({
  ...meFixture(),
  role: 'admin',
  org: { ...meFixture().org, timeZone },
});

describe('ReportFilters in the organisation’s time zone (issue 18, SPEC §9)', () => {
  // The browser is in Tokyo (UTC+9), the organisation in Chicago (UTC−5 in June). Now is
  // 11 June 2026 03:00 UTC: 12:00 on 11 June in Tokyo, still 22:00 on 10 June in Chicago.
  const browserZone = process.env.TZ;
  beforeAll(() => {
    process.env.TZ = 'Asia/Tokyo';
  });
  afterAll(() => {
    if (browserZone === undefined) delete process.env.TZ;
    else process.env.TZ = browserZone;
  });
  beforeEach(() => {
    vi.setSystemTime(new Date('2026-06-11T03:00:00Z'));
  });
  const zones = [zoneFixture({ id: ORG.id, name: ORG.name, level: 'org' })];

  it('runs in a browser zone other than the organisation’s', () => {
    expect(new Date().getDate()).toBe(11);
    expect(Intl.DateTimeFormat().resolvedOptions().timeZone).toBe('Asia/Tokyo');
  });

  it('asks the API for the organisation’s days by default, the previous day to its today', () => {
    serveZones(zones);
    renderSignedIn(
      <>
        <ReportFilters />
        <Probe />
      </>,
      { rules: RULES, me: meOf('America/Chicago'), path: '/reports/tags-not-seen' },
    );
    expect(screen.getByRole('button', { name: 'Date range' })).toHaveTextContent(
      'Jun 9, 2026 – Jun 10, 2026',
    );
    expect(request()).toEqual({
      start: '2026-06-09T00:00:00.000-05:00',
      end: '2026-06-10T23:59:59.999-05:00',
    });
  });

  it('picks a preset in the organisation’s days, and stops at its today', async () => {
    serveZones(zones);
    renderSignedIn(
      <>
        <ReportFilters maxDate={new Date()} />
        <Probe />
        <CurrentQuery />
      </>,
      { rules: RULES, me: meOf('America/Chicago'), path: '/analytics/incidents' },
    );
    await userEvent.click(screen.getByRole('button', { name: 'Date range' }));
    expect(await screen.findByRole('button', { name: '10 June 2026' })).toBeEnabled();
    expect(screen.getByRole('button', { name: '11 June 2026' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Today' }));
    expect([currentQuery().get('start'), currentQuery().get('end')]).toEqual(['2026-06-10', '2026-06-10']);
    expect(request()).toEqual({
      start: '2026-06-10T00:00:00.000-05:00',
      end: '2026-06-10T23:59:59.999-05:00',
    });
  });

  it('asks for whole local days across a daylight-saving change (a 23-hour day)', () => {
    serveZones(zones);
    renderSignedIn(<Probe />, {
      rules: RULES,
      me: meOf('America/Chicago'),
      path: '/reports/tags-not-seen?start=2026-03-08&end=2026-03-08',
    });
    expect(request()).toEqual({
      start: '2026-03-08T00:00:00.000-06:00',
      end: '2026-03-08T23:59:59.999-05:00',
    });
  });

  it('counts in UTC for an organisation without a time zone, as the server does', () => {
    serveZones(zones);
    renderSignedIn(<Probe />, { rules: RULES, me: meOf(null), path: '/reports/tags-not-seen' });
    expect(request()).toEqual({
      start: '2026-06-10T00:00:00.000+00:00',
      end: '2026-06-11T23:59:59.999+00:00',
    });
  });
});
