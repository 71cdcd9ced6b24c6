import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AuditEntry, BatchLogEntry, RawRule, SyncLogEntry } from '@vigil/domain';
import { stubFetch } from '../../test/fetch-stub';
import { renderSignedIn } from '../../test/signed-in';
import { AuditLogScreen } from './audit-log-screen';
import { BatchLogScreen } from './batch-log-screen';
import { SyncLogScreen } from './sync-log-screen';

const RULES: RawRule[] = [{ action: ['list', 'read'], subject: ['LogAudit', 'LogBatch', 'LogSync'] }];

const RENAME: AuditEntry = {
  id: 7,
  requestId: 'req-42-abcdef',
  at: '2026-06-01T10:00:00.000Z',
  actor: { id: 'u-1', name: 'Dana Admin' },
  entity: 'person',
  entityId: 'p-1',
  label: 'Ines Ortega-Lind',
  action: 'update',
  changes: [
    { path: 'location', before: null, after: 'z-2' },
    { path: 'name', before: 'Ines Ortega', after: 'Ines Ortega-Lind' },
  ],
};

function serve<T>(path: string, rows: T[]) {
  const queries: URLSearchParams[] = [];
  stubFetch((url) => {
    if (url.pathname === path) queries.push(url.searchParams);
    return { data: url.pathname === path ? rows : [], total: url.pathname === path ? rows.length : 0 };
  });
  return queries;
}

describe('the change log (SPEC §2.1 /log/audit/{requestId?}, §7 log/audit)', () => {
  it('shows who changed what and when, with the before/after of each field', async () => {
    const queries = serve('/api/log/audit', [RENAME]);
    renderSignedIn(<AuditLogScreen />, { rules: RULES, path: '/log/audit' });
    const changes = await screen.findByRole('table', { name: /^Changes to person Ines Ortega-Lind/ });
    const row = changes.closest('td')!.closest('tr')!;
    expect(within(row).getByText('Dana Admin')).toBeInTheDocument();
    expect(within(row).getByText('update')).toBeInTheDocument();
    expect(within(row).getByText(new Date(RENAME.at).toLocaleString())).toBeInTheDocument();
    const name = within(changes).getByText('name').closest('tr')!;
    expect(within(name).getByText('Ines Ortega')).toBeInTheDocument();
    expect(within(name).getByText('Ines Ortega-Lind')).toBeInTheDocument();
    const location = within(changes).getByText('location').closest('tr')!;
    expect(within(location).getByText('—')).toBeInTheDocument();
    expect(queries.at(-1)?.get('includeDetails')).toBe('true');
    expect(queries.at(-1)?.has('id')).toBe(false);
  });

  it('filters by the request id of the route, and by an id typed in', async () => {
    const queries = serve('/api/log/audit', [RENAME]);
    renderSignedIn(<AuditLogScreen />, {
      rules: RULES,
      path: '/log/audit/req-42-abcdef',
      route: '/log/audit/:requestId?',
    });
    await waitFor(() => expect(queries.at(-1)?.get('id')).toBe('req-42-abcdef'));
    const field = screen.getByRole('textbox', { name: 'Entity or request id' });
    expect(field).toHaveValue('req-42-abcdef');
    await userEvent.clear(field);
    await userEvent.type(field, 'c0ffee000001');
    await waitFor(() => expect(queries.at(-1)?.get('id')).toBe('c0ffee000001'));
    expect(screen.getByRole('link', { name: 'Request req-42-a' })).toHaveAttribute(
      'href',
      '/log/audit/req-42-abcdef',
    );
  });
});

describe('the batch operations log (SPEC §2.1 /log/batch)', () => {
  it('lists each run: when, who, operation, how many and which devices', async () => {
    const run: BatchLogEntry = {
      id: 'b-1',
      requestId: 'r-1',
      at: '2026-06-01T10:00:00.000Z',
      actor: { id: 'u-1', name: 'Dana Admin' },
      subject: 'Tag',
      op: 'mark_lost',
      args: {},
      ids: ['c0ffee100001', 'c0ffee100002', 'c0ffee100003', 'c0ffee100004', 'c0ffee100005', 'c0ffee100006'],
      count: 6,
    };
    serve('/api/log/batch', [run]);
    renderSignedIn(<BatchLogScreen />, { rules: RULES });
    const row = (await screen.findByText('mark_lost')).closest('tr')!;
    expect(within(row).getByText('Dana Admin')).toBeInTheDocument();
    expect(within(row).getByText('Tags')).toBeInTheDocument();
    expect(within(row).getByText('6')).toBeInTheDocument();
    expect(within(row).getByText(/c0ffee100001, .* and 1 more$/)).toBeInTheDocument();
  });
});

describe('the sync log (SPEC §2.1 /log/sync)', () => {
  const command = (c: Partial<SyncLogEntry> & { id: string }): SyncLogEntry => ({
    gatewayId: 'b0a710000001',
    type: 'diag',
    payload: {},
    actor: { id: 'u-1', name: 'Dana Admin' },
    createdAt: '2026-06-01T10:00:00.000Z',
    deliveredAt: null,
    confirmedAt: null,
    ...c,
  });

  it('shows when each command was pushed, delivered and confirmed, else Pending', async () => {
    const queries = serve('/api/log/sync', [
      command({ id: 'c-1', type: 'unassign', payload: { action: 'uninstall' } }),
      command({
        id: 'c-2',
        deliveredAt: '2026-06-01T10:01:00.000Z',
        confirmedAt: '2026-06-01T10:02:00.000Z',
        actor: null,
      }),
    ]);
    renderSignedIn(<SyncLogScreen />, { rules: RULES });
    const pending = (await screen.findByText('unassign')).closest('tr')!;
    expect(within(pending).getByText('Pending')).toBeInTheDocument();
    expect(within(pending).getByRole('link', { name: 'b0a710000001' })).toHaveAttribute(
      'href',
      '/gateway/b0a710000001',
    );
    const confirmed = screen.getByText('diag').closest('tr')!;
    expect(
      within(confirmed).getByText(new Date('2026-06-01T10:02:00.000Z').toLocaleString()),
    ).toBeInTheDocument();
    expect(within(confirmed).getByText('System')).toBeInTheDocument();
    expect(within(confirmed).queryByText('Pending')).not.toBeInTheDocument();

    await userEvent.type(screen.getByRole('textbox', { name: 'Gateway' }), 'B0A7');
    await waitFor(() =>
      expect(JSON.parse(queries.at(-1)?.get('where') ?? '{}')).toEqual({ gateway: { $prefix: 'b0a7' } }),
    );
  });
});
