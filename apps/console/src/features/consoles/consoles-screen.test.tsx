import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Console, RawRule } from '@vigil/domain';
import { json, stubFetch } from '../../test/fetch-stub';
import { renderSignedIn } from '../../test/signed-in';
import { ConsolesScreen } from './consoles-screen';

const RULES: RawRule[] = [{ action: ['list', 'read'], subject: 'Console' }];
const beatAt = new Date(Date.now() - 60_000).toISOString();

const DESK: Console = {
  id: '6f1c0c2e-4a51-4d43-9d0c-2b3f1e2a9c10',
  name: 'Security desk',
  config: {},
  state: {},
  heartbeat: {
    href: 'https://vigil.example/alerts',
    user: { id: 'u-1', name: 'Sam Security' },
    pwa: true,
    hash: 'abc',
    updatedAt: beatAt,
  },
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};

describe('the consoles screen (SPEC §3 Console)', () => {
  it('lists each console’s page, user, installed app and last update, and browses its snapshots', async () => {
    const snapshotQueries: URLSearchParams[] = [];
    stubFetch((url) => {
      if (url.pathname === '/api/consoles') return { data: [DESK], total: 1 };
      if (url.pathname === `/api/consoles/${DESK.id}/snapshots`) {
        snapshotQueries.push(url.searchParams);
        return {
          data: [
            { id: 'snap-1', createdAt: '2026-06-01T10:00:00.000Z', receivedAt: '2026-06-01T10:00:01.000Z' },
          ],
          total: 1,
        };
      }
      if (url.pathname === `/api/consoles/${DESK.id}/snapshots/snap-1`) {
        return {
          id: 'snap-1',
          consoleId: DESK.id,
          data: { alerts: [{ id: 'al-1', state: 'notified', sounding: true }], muted: false },
          createdAt: '2026-06-01T10:00:00.000Z',
          receivedAt: '2026-06-01T10:00:01.000Z',
        };
      }
      return json({ reason: 'Not found' }, 404);
    });
    renderSignedIn(<ConsolesScreen />, { rules: RULES });
    const row = (await screen.findByText('Security desk')).closest('tr')!;
    expect(within(row).getByText('https://vigil.example/alerts')).toBeInTheDocument();
    expect(within(row).getByText('Sam Security')).toBeInTheDocument();
    expect(within(row).getByText('Yes')).toBeInTheDocument();
    expect(within(row).getByText(new Date(beatAt).toLocaleString())).toBeInTheDocument();

    await userEvent.click(within(row).getByRole('button', { name: 'Snapshots of Security desk' }));
    const dialog = await screen.findByRole('dialog', { name: 'Snapshots of Security desk' });
    const time = new Date('2026-06-01T10:00:00.000Z').toLocaleString();
    await userEvent.click(await within(dialog).findByText(time));
    expect(await within(dialog).findByLabelText('Snapshot data')).toHaveTextContent('"sounding": true');
    expect(snapshotQueries[0]?.get('from')).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(snapshotQueries[0]?.get('to')).toMatch(/^\d{4}-\d\d-\d\dT/);
  });

  it('says when a console has no snapshots in the period', async () => {
    stubFetch((url) => {
      if (url.pathname === '/api/consoles') return { data: [DESK], total: 1 };
      return { data: [], total: 0 };
    });
    renderSignedIn(<ConsolesScreen />, { rules: RULES });
    await userEvent.click(await screen.findByRole('button', { name: 'Snapshots of Security desk' }));
    expect(await screen.findByText('No snapshots in this period')).toBeInTheDocument();
  });
});
