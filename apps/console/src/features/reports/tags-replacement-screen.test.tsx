import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { REPLACEMENT_TIMELINE_LABELS } from '@vigil/domain';
import { renderSignedIn } from '../../test/signed-in';
import {
  BUILDING_A,
  BUILDING_B,
  CurrentUrl,
  ORG,
  queryOf,
  reportRules,
  serveReport,
  summaryFixture,
  tagRow,
  withReportClock,
} from './report-test-server';
import { TagsReplacementDetailsScreen } from './tags-replacement-details-screen';
import { TagsReplacementScreen } from './tags-replacement-screen';

withReportClock();

const SUMMARY = summaryFixture('tagsReplacement', {
  total: 6,
  by: { overdue: 4, soon: 2 },
  counts: [
    { zone: BUILDING_A, count: 4, by: { overdue: 3, soon: 1 } },
    { zone: BUILDING_B, count: 2, by: { overdue: 1, soon: 1 } },
  ],
});

const rules = reportRules('replacement');

describe('Tag Replacement Timeline (SPEC §2.1 /reports/tags-replacement, §4)', () => {
  it('counts Overdue and 1 - 2 months (ASAP) per location, each count opening its details', async () => {
    serveReport('tagsReplacement', { summary: SUMMARY });
    renderSignedIn(<TagsReplacementScreen />, {
      rules,
      path: '/reports/tags-replacement?start=2026-05-01&end=2026-06-10',
    });
    expect(screen.getByRole('heading', { level: 1, name: 'Tag Replacement Timeline' })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Tags to replace by location' });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(headers).toEqual(['Location', 'Overdue', '1 - 2 months (ASAP)']);
    expect(REPLACEMENT_TIMELINE_LABELS).toEqual({ overdue: 'Overdue', soon: '1 - 2 months (ASAP)' });

    const overdueA = within(table).getByRole('link', { name: '3 tags Overdue in Building A' });
    expect(overdueA.getAttribute('href')!.split('?')[0]).toBe('/reports/tags-replacement/details');
    expect(Object.fromEntries(queryOf(overdueA.getAttribute('href')))).toEqual({
      start: '2026-05-01',
      end: '2026-06-10',
      timeline: 'overdue',
      zone: BUILDING_A.id,
    });
    const soonB = within(table).getByRole('link', { name: '1 tag 1 - 2 months (ASAP) in Building B' });
    expect(queryOf(soonB.getAttribute('href')).get('timeline')).toBe('soon');
    expect(queryOf(soonB.getAttribute('href')).get('zone')).toBe(BUILDING_B.id);
    // The totals, from the whole report's `by`.
    const all = within(table).getByRole('link', { name: '4 tags Overdue in Demo Hospital' });
    expect(queryOf(all.getAttribute('href')).get('zone')).toBe(ORG.id);
  });

  it('says so when no tag must be replaced', async () => {
    serveReport('tagsReplacement', { summary: summaryFixture('tagsReplacement') });
    renderSignedIn(<TagsReplacementScreen />, { rules, path: '/reports/tags-replacement' });
    expect(await screen.findByText('No tags to replace in this range')).toBeInTheDocument();
  });

  it('shows the reason of a failure', async () => {
    serveReport('tagsReplacement', {
      summary: () => ({ status: 403, body: { reason: 'Not allowed to read Report replacement' } }),
    });
    renderSignedIn(<TagsReplacementScreen />, { rules, path: '/reports/tags-replacement' });
    expect(await screen.findByText(/Not allowed to read Report replacement/)).toBeInTheDocument();
  });
});

describe('Tag Replacement details (SPEC §2.1 /reports/tags-replacement/details)', () => {
  const ROW = tagRow({
    id: 'c0ffee000009',
    owner: 'Bo Chen',
    location: 'Demo Hospital › Building A',
    reason: 'battery_depleted',
    urgency: 0,
    flaggedAt: '2026-03-01T10:00:00.000Z',
    timeline: 'overdue',
  });

  it('lists the tags of the zone and timeline of the link, and filters by timeline', async () => {
    const server = serveReport('tagsReplacement', { details: [ROW] });
    renderSignedIn(
      <>
        <TagsReplacementDetailsScreen />
        <CurrentUrl />
      </>,
      { rules, path: `/reports/tags-replacement/details?zone=${BUILDING_A.id}&timeline=overdue` },
    );
    const row = (await screen.findByRole('link', { name: 'c0ffee000009' })).closest('tr')!;
    expect(within(row).getByText('Overdue')).toBeInTheDocument();
    expect(within(row).getByText('Collect Immediately')).toBeInTheDocument();
    expect(within(row).getByText('Battery depleted')).toBeInTheDocument();
    expect(within(row).getByText('Bo Chen')).toBeInTheDocument();
    let q = server.reportRequests().at(-1)!.searchParams;
    expect([q.get('view'), q.get('timeline'), q.get('zone')]).toEqual(['details', 'overdue', BUILDING_A.id]);

    const select = screen.getByRole('combobox', { name: 'Replacement' });
    expect(select).toHaveValue('overdue');
    await userEvent.selectOptions(select, 'soon');
    await waitFor(() => expect(server.reportRequests().at(-1)!.searchParams.get('timeline')).toBe('soon'));
    expect(queryOf(screen.getByRole('status', { name: 'Current URL' }).textContent).get('timeline')).toBe(
      'soon',
    );
    await userEvent.selectOptions(select, '');
    await waitFor(() => expect(server.reportRequests().at(-1)!.searchParams.has('timeline')).toBe(false));
    q = server.reportRequests().at(-1)!.searchParams;
    expect(q.get('zone')).toBe(BUILDING_A.id);

    // Back to the timeline: the same zone and range, every timeline.
    const back = screen.getByRole('link', { name: 'Tag Replacement Timeline' });
    expect(back.getAttribute('href')!.split('?')[0]).toBe('/reports/tags-replacement');
    expect(queryOf(back.getAttribute('href')).has('timeline')).toBe(false);
  });

  it('ignores a timeline the report does not know', async () => {
    const server = serveReport('tagsReplacement', { details: [ROW] });
    renderSignedIn(<TagsReplacementDetailsScreen />, {
      rules,
      path: '/reports/tags-replacement/details?timeline=someday',
    });
    await screen.findByRole('link', { name: 'c0ffee000009' });
    expect(server.reportRequests().at(-1)!.searchParams.has('timeline')).toBe(false);
  });

  it('says so when the timeline has no tags', async () => {
    serveReport('tagsReplacement', { details: [] });
    renderSignedIn(<TagsReplacementDetailsScreen />, { rules, path: '/reports/tags-replacement/details' });
    expect(await screen.findByText('No tags to replace in this range')).toBeInTheDocument();
  });
});
