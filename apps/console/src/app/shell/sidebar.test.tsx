import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { RawRule } from '@vigil/domain';
import { json, stubFetch } from '../../test/fetch-stub';
import { renderSignedIn } from '../../test/signed-in';
import { Sidebar } from './sidebar';

// SPEC §2.4 Reports: stored report routines add entries, grouped and titled from their ids, linking
// to /reports/{id}, for users who may read Report (GET /api/bigquery/routines).

const ROUTINES = {
  data: [
    { id: 'alerts_per_unit_per_week', description: null },
    { id: 'tags_deployed_per_department', description: 'Deployed tags per department' },
  ],
};

function serveRoutines() {
  return stubFetch((url) =>
    url.pathname === '/api/bigquery/routines' ? ROUTINES : json({ reason: 'unexpected' }, 500),
  );
}

describe('Sidebar: stored report routines', () => {
  it('lists each routine under Reports, titled from its id and linking to /reports/{id}', async () => {
    serveRoutines();
    const rules: RawRule[] = [{ action: ['list', 'read'], subject: 'Report' }];
    renderSignedIn(<Sidebar />, { rules });
    const reports = screen.getByRole('region', { name: 'Reports' });
    const entry = await within(reports).findByRole('link', { name: 'Per Unit Per Week' });
    expect(entry).toHaveAttribute('href', '/reports/alerts_per_unit_per_week');
    expect(
      within(reports)
        .getAllByRole('link')
        .map((a) => [a.textContent, a.getAttribute('href')]),
    ).toEqual([
      ['Missing Tags', '/reports/tags-not-seen'],
      ['Per Unit Per Week', '/reports/alerts_per_unit_per_week'],
      ['Deployed Per Department', '/reports/tags_deployed_per_department'],
    ]);
    // Each routine under its section, the first word of its id.
    expect(within(reports).getByText('Alerts')).toBeInTheDocument();
    expect(within(reports).getByText('Tags')).toBeInTheDocument();
  });

  it('asks for no routines for a user who may not read Report', () => {
    const fetch = serveRoutines();
    renderSignedIn(<Sidebar />, {
      rules: [{ action: ['list', 'read'], subject: 'Alert' }],
      role: 'security',
    });
    expect(screen.getByRole('link', { name: 'Alerts' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Reports' })).not.toBeInTheDocument();
    expect(fetch).not.toHaveBeenCalled();
  });
});
