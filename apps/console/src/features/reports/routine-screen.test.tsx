import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RawRule } from '@vigil/domain';
import { json, stubFetch } from '../../test/fetch-stub';
import { renderSignedIn } from '../../test/signed-in';
import { RoutineScreen } from './routine-screen';

// SPEC §2.1 /reports/{id}, §2.4 (titled from the id), §7 POST bigquery/routines/{id} {args:[org]}.

const RULES: RawRule[] = [{ action: ['list', 'read'], subject: 'Report' }];
const ID = 'alerts_per_unit_per_week';
const LIST = {
  data: [
    { id: ID, description: 'Alerts per unit per week over the last 12 weeks.' },
    { id: 'tags_deployed_per_department', description: null },
  ],
};
const COLUMNS = ['week', 'unit', 'alerts', 'closed_at'];
const row = (i: number) => ({
  week: '2026-06-01',
  unit: `Unit ${String(i).padStart(2, '0')}`,
  alerts: 1000 + i,
  closed_at: i === 0 ? null : '2026-06-01T14:30:00+00:00',
});

function serve(results: Record<string, unknown>[] | Response) {
  return stubFetch((url, init) => {
    if (url.pathname === '/api/bigquery/routines') return LIST;
    if (url.pathname.startsWith('/api/bigquery/routines/') && init.method === 'POST') {
      return results instanceof Response ? results : { data: { columns: COLUMNS, results } };
    }
    return json({ reason: `unexpected ${url.pathname}` }, 500);
  });
}

const open = (id = ID) =>
  renderSignedIn(<RoutineScreen />, { rules: RULES, path: `/reports/${id}`, route: '/reports/:id' });

let saved: Blob | undefined;
beforeEach(() => {
  saved = undefined;
  URL.createObjectURL = vi.fn((blob: Blob) => {
    saved = blob;
    return 'blob:csv';
  });
  URL.revokeObjectURL = vi.fn();
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
});
afterEach(() => vi.restoreAllMocks());

/** jsdom's Blob has no text(): read it the old way. */
function readBlob(blob: Blob): Promise<string> {
  return new Promise((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as string);
    reader.readAsText(blob);
  });
}

describe('RoutineScreen', () => {
  it("runs the routine for the caller's organisation and shows its rows, titled from its id", async () => {
    const fetch = serve([row(0), row(1)]);
    open();
    expect(screen.getByRole('heading', { level: 1, name: 'Alerts: Per Unit Per Week' })).toBeInTheDocument();
    expect(await screen.findByText('Alerts per unit per week over the last 12 weeks.')).toBeInTheDocument();
    const table = await screen.findByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Week', 'Unit', 'Alerts', 'Closed at']);
    expect(within(table).getByRole('row', { name: /Unit 00/ })).toHaveTextContent('2026-06-01Unit 001,000—');
    const post = fetch.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(String(post?.[0])).toBe(`/api/bigquery/routines/${ID}`);
    expect(JSON.parse(String(post?.[1]?.body))).toEqual({ args: ['demo'] });
  });

  it('pages the rows ten at a time (SPEC §9)', async () => {
    serve(Array.from({ length: 12 }, (_, i) => row(i)));
    open();
    expect(await screen.findByText('1–10 of 12')).toBeInTheDocument();
    expect(screen.getAllByRole('row')).toHaveLength(11);
    await userEvent.click(screen.getByRole('button', { name: 'Page 2' }));
    expect(screen.getByText('11–12 of 12')).toBeInTheDocument();
    expect(screen.getByRole('row', { name: /Unit 11/ })).toBeInTheDocument();
  });

  it('downloads every row as CSV, dates in the chosen time zone', async () => {
    serve(Array.from({ length: 12 }, (_, i) => row(i)));
    open();
    await userEvent.click(await screen.findByRole('button', { name: 'Download CSV' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'UTC' }));
    await waitFor(() => expect(saved).toBeDefined());
    const lines = (await readBlob(saved!)).replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[0]).toBe('Week,Unit,Alerts,Closed at (UTC)');
    expect(lines[1]).toBe('2026-06-01,Unit 00,1000,');
    expect(lines[12]).toBe('2026-06-01,Unit 11,1011,2026-06-01 14:30:00');
    expect(lines).toHaveLength(13);
  });

  it('says so when the routine answers no rows', async () => {
    serve([]);
    open();
    expect(await screen.findByText('This report has no rows')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Download CSV' })).not.toBeInTheDocument();
  });

  it("shows the server's reason when the routine fails", async () => {
    serve(json({ reason: 'The routine failed: division by zero', code: 'routine_failed' }, 422));
    open();
    expect(await screen.findByText(/The routine failed: division by zero/)).toBeInTheDocument();
    expect(screen.getByText('Could not run this report')).toBeInTheDocument();
  });

  it('shows a skeleton while it runs', async () => {
    stubFetch((url) => (url.pathname === '/api/bigquery/routines' ? LIST : new Promise(() => {})));
    open();
    expect(await screen.findByRole('status')).toHaveTextContent('Loading…');
  });

  it('asks nothing more for an id no routine has', async () => {
    const fetch = serve([]);
    open('no_such_report');
    expect(await screen.findByText('No such report')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'No: Such Report' })).toBeInTheDocument();
    expect(fetch.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);
  });
});
