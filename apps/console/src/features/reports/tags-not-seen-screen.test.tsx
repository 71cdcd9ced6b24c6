import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderSignedIn } from '../../test/signed-in';
import {
  catchDownloads,
  readBlob,
  BUILDING_A,
  BUILDING_B,
  CurrentUrl,
  ORG,
  queryOf,
  reportRules,
  serveReport,
  summaryFixture,
  withReportClock,
} from './report-test-server';
import { TagsNotSeenScreen } from './tags-not-seen-screen';

withReportClock();

const SUMMARY = summaryFixture('tagsNotSeen', {
  total: 7,
  counts: [
    { zone: BUILDING_A, count: 5 },
    { zone: BUILDING_B, count: 2 },
    { zone: { id: 'z-empty', name: 'Annex' }, count: 0 },
  ],
});

function open(path = '/reports/tags-not-seen') {
  return renderSignedIn(
    <>
      <TagsNotSeenScreen />
      <CurrentUrl />
    </>,
    { rules: reportRules('tags'), path },
  );
}

describe('Missing Tags (SPEC §2.1 /reports/tags-not-seen)', () => {
  it('asks for the previous day to today and shows the counts per location', async () => {
    const server = serveReport('tagsNotSeen', { summary: SUMMARY });
    open();
    expect(screen.getByRole('heading', { level: 1, name: 'Missing Tags' })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Missing tags by location' });
    const a = within(table).getByRole('row', { name: /Building A/ });
    expect(within(a).getByRole('link', { name: '5 missing tags in Building A' })).toHaveTextContent('5');
    // A zero opens nothing, so it is no link.
    const annex = within(table).getByRole('row', { name: /Annex/ });
    expect(within(annex).queryByRole('link')).not.toBeInTheDocument();
    expect(within(table).getByRole('link', { name: '7 missing tags in Demo Hospital' })).toBeInTheDocument();

    const q = server.reportRequests()[0]!.searchParams;
    expect(q.get('view')).toBe('summary');
    expect(q.get('start')).toMatch(/^2026-06-09T00:00:00\.000[+-]\d\d:\d\d$/);
    expect(q.get('end')).toMatch(/^2026-06-10T23:59:59\.999[+-]\d\d:\d\d$/);
    expect(q.get('periodDays')).toBe('1');
    expect(q.has('zone')).toBe(false);
  });

  it('links each count to the details of its location, with the same range and period', async () => {
    serveReport('tagsNotSeen', { summary: SUMMARY });
    open('/reports/tags-not-seen?start=2026-06-01&end=2026-06-07&periodDays=7');
    const link = await screen.findByRole('link', { name: '2 missing tags in Building B' });
    const href = link.getAttribute('href')!;
    expect(href.split('?')[0]).toBe('/reports/tags-not-seen/details');
    expect(Object.fromEntries(queryOf(href))).toEqual({
      start: '2026-06-01',
      end: '2026-06-07',
      periodDays: '7',
      zone: BUILDING_B.id,
    });
    // The total opens the chosen zone's details.
    expect(
      queryOf(screen.getByRole('link', { name: '7 missing tags in Demo Hospital' }).getAttribute('href')).get(
        'zone',
      ),
    ).toBe(ORG.id);
    // A real link: the keyboard reaches and follows it.
    link.focus();
    await userEvent.keyboard('{Enter}');
    expect(screen.getByRole('status', { name: 'Current URL' })).toHaveTextContent(
      `/reports/tags-not-seen/details?start=2026-06-01&end=2026-06-07&periodDays=7&zone=${BUILDING_B.id}`,
    );
  });

  it('keeps the range, zone and period in the URL and asks for them', async () => {
    const server = serveReport('tagsNotSeen', { summary: SUMMARY });
    open(`/reports/tags-not-seen?zone=${BUILDING_A.id}&start=2026-05-01&end=2026-05-31`);
    await screen.findByRole('table');
    let q = server.reportRequests().at(-1)!.searchParams;
    expect(q.get('zone')).toBe(BUILDING_A.id);
    expect(q.get('start')).toMatch(/^2026-05-01T00:00:00\.000/);
    expect(q.get('end')).toMatch(/^2026-05-31T23:59:59\.999/);
    expect(await screen.findByRole('button', { name: 'Zone' })).toHaveTextContent('Building A');
    expect(screen.getByRole('button', { name: 'Date range' })).toHaveTextContent(
      'May 1, 2026 – May 31, 2026',
    );

    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Not heard for longer than' }), '14');
    expect(screen.getByRole('status', { name: 'Current URL' }).textContent).toContain('periodDays=14');
    await waitFor(() => expect(server.reportRequests().at(-1)!.searchParams.get('periodDays')).toBe('14'));

    await userEvent.click(screen.getByRole('button', { name: 'Date range' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Last Week' }));
    const url = queryOf(screen.getByRole('status', { name: 'Current URL' }).textContent);
    expect([url.get('start'), url.get('end')]).toEqual(['2026-06-01', '2026-06-07']);
    await waitFor(() =>
      expect(server.reportRequests().at(-1)!.searchParams.get('start')).toMatch(/^2026-06-01T/),
    );
    q = server.reportRequests().at(-1)!.searchParams;
    expect(q.get('periodDays')).toBe('14');
    expect(q.get('zone')).toBe(BUILDING_A.id);
  });

  it('says so when no tag went missing in the range', async () => {
    serveReport('tagsNotSeen', { summary: summaryFixture('tagsNotSeen') });
    open();
    expect(await screen.findByText('No missing tags in this range')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it("shows the server's reason when the report cannot be read", async () => {
    serveReport('tagsNotSeen', {
      summary: () => ({
        status: 400,
        body: { reason: 'The start must not be after the end', field: 'start' },
      }),
    });
    open();
    expect(await screen.findByText(/The start must not be after the end/)).toBeInTheDocument();
    // A refusal is final: no Retry.
    expect(screen.queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument();
  });

  it('downloads the CSV of the details in the chosen time zone', async () => {
    const server = serveReport('tagsNotSeen', { summary: SUMMARY, csv: 'Tag,Owner\r\nc0ffee000001,Ann\r\n' });
    const saved = catchDownloads();
    open(`/reports/tags-not-seen?zone=${BUILDING_A.id}&periodDays=7`);
    await screen.findByRole('table');
    await userEvent.click(screen.getByRole('button', { name: 'Download CSV' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: /America\/Chicago/ }));
    await waitFor(() => expect(saved).toHaveLength(1));
    const exported = server.requests.find((u) => u.pathname === '/api/reports/tagsNotSeen/export')!;
    expect(exported.searchParams.get('timeZone')).toBe('America/Chicago');
    expect(exported.searchParams.get('zone')).toBe(BUILDING_A.id);
    expect(exported.searchParams.get('periodDays')).toBe('7');
    expect(exported.searchParams.get('start')).toMatch(/^2026-06-09T00:00:00\.000/);
    expect(exported.searchParams.has('view')).toBe(false);
    expect(saved[0]!.filename).toBe('missing-tags-2026-06-10.csv');
    // (readAsText drops the byte-order mark the file starts with.)
    expect(await readBlob(saved[0]!.blob)).toBe('Tag,Owner\r\nc0ffee000001,Ann\r\n');
  });

  it("shows the export's refusal, e.g. too many rows", async () => {
    serveReport('tagsNotSeen', {
      summary: SUMMARY,
      csv: {
        status: 400,
        body: { reason: 'More than 100,000 rows: narrow the report', code: 'export_too_large' },
      },
    });
    open();
    await screen.findByRole('table');
    await userEvent.click(screen.getByRole('button', { name: 'Download CSV' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'UTC' }));
    expect(await screen.findByText('More than 100,000 rows: narrow the report')).toBeInTheDocument();
  });

  it('offers Retry when the server is down', async () => {
    let calls = 0;
    serveReport('tagsNotSeen', {
      summary: () => (++calls === 1 ? { status: 503, body: { reason: 'Down for a moment' } } : SUMMARY),
    });
    open();
    await userEvent.click(await screen.findByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('table', { name: 'Missing tags by location' })).toBeInTheDocument();
  });
});
