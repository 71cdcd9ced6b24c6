import { beforeEach, describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { RawRule } from '@vigil/domain';
import { renderSignedIn } from '../../test/signed-in';
import { ApiError } from '../../api/errors';
import { renderWithProviders } from '../../test/render';
import { MemoryRouter } from 'react-router';
import { reportRules } from './report-test-server';
import { ReportsIndexScreen } from './reports-index-screen';
import { StoredRoutines } from './stored-routines';
import { stubFetch } from '../../test/fetch-stub';

const links = () => screen.getAllByRole('link').map((a) => [a.textContent, a.getAttribute('href')]);

describe('the reports index (SPEC §2.1 /reports)', () => {
  let routines: { id: string; description: string | null }[] = [];
  beforeEach(() => {
    routines = [];
    stubFetch((url) =>
      url.pathname === '/api/bigquery/routines' ? { data: routines } : new Response(null, { status: 404 }),
    );
  });

  it('lists every report to a caller who may read them all, each with what it answers', () => {
    renderSignedIn(<ReportsIndexScreen />, { rules: reportRules(), path: '/reports' });
    expect(screen.getByRole('heading', { level: 1, name: 'Reports' })).toBeInTheDocument();
    expect(links()).toEqual([
      ['Disconnected Gateways', '/health/disconnected-gateways'],
      ['Tag Replacement Timeline', '/reports/tags-replacement'],
      ['Missing Tags', '/reports/tags-not-seen'],
      ['Flagged Tags', '/reports/tags-flagged/details'],
      ['Incidents', '/analytics/incidents'],
      ['Response Times', '/analytics/response-times'],
    ]);
    const health = screen.getByRole('region', { name: 'System Health' });
    expect(within(health).getByText(/Which gateways stopped reporting/)).toBeInTheDocument();
  });

  it('shows only the reports whose field the caller may read (SPEC §6)', () => {
    renderSignedIn(<ReportsIndexScreen />, { rules: reportRules('tags'), path: '/reports' });
    expect(links()).toEqual([
      ['Missing Tags', '/reports/tags-not-seen'],
      ['Flagged Tags', '/reports/tags-flagged/details'],
    ]);
    expect(screen.queryByRole('region', { name: 'System Health' })).not.toBeInTheDocument();
  });

  it('says so when the caller may read none of them', async () => {
    const rules: RawRule[] = [{ action: 'read', subject: 'Report', fields: ['other' as never] }];
    renderSignedIn(<ReportsIndexScreen />, { rules, path: '/reports' });
    expect(await screen.findByText('No reports for your role')).toBeInTheDocument();
  });

  it('lists the stored routines below the reports, titled from their ids', async () => {
    routines = [{ id: 'alerts_per_unit_per_week', description: 'Alerts per unit, per week' }];
    renderSignedIn(<ReportsIndexScreen />, { rules: reportRules(), path: '/reports' });
    expect(await screen.findByRole('link', { name: /Per Unit Per Week/ })).toHaveAttribute(
      'href',
      '/reports/alerts_per_unit_per_week',
    );
  });
});

describe('the stored routines of the index (SPEC §2.4)', () => {
  function show(props: Parameters<typeof StoredRoutines>[0]) {
    renderWithProviders(
      <MemoryRouter>
        <StoredRoutines {...props} />
      </MemoryRouter>,
    );
  }

  it('titles each routine from its id and links to it', () => {
    show({
      routines: [
        { id: 'alerts_per_unit_week', description: 'Alerts per unit, per week' },
        { id: 'tags_by_department', description: null },
      ],
    });
    expect(links()).toEqual([
      ['Alerts: Per Unit Week', '/reports/alerts_per_unit_week'],
      ['Tags: By Department', '/reports/tags_by_department'],
    ]);
    expect(screen.getByText('Alerts per unit, per week')).toBeInTheDocument();
  });

  it('says so when there are none', () => {
    show({ routines: [] });
    expect(screen.getByText('No stored reports yet.')).toBeInTheDocument();
  });

  it('shows a skeleton while they load', () => {
    show({ routines: undefined });
    expect(screen.getByRole('status')).toHaveTextContent('Loading…');
  });

  it("shows the server's reason when they cannot be read", () => {
    show({ routines: undefined, error: new ApiError(500, 'Warehouse asleep') });
    expect(screen.getByText(/Warehouse asleep/)).toBeInTheDocument();
  });
});
