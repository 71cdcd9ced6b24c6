import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  ED_STATION,
  anaPerson,
  renderKiosk,
  seedFlow,
  serveKiosk,
  shelfTag,
  stationPath,
  tapOf,
} from './kiosk-test-kit';

const worn = (id: string) =>
  shelfTag(id, {
    config: { state: 'deployed', owner: { name: 'Ana Ruiz', personId: 'P-1042' }, label: 'Nights' },
  });

const openTags = () => seedFlow({ type: 'pickPerson', person: anaPerson }, { type: 'openCurrentTags' });

describe('the person’s current tags (issue 21; SPEC §4 invalidation)', () => {
  it('returns a tag: ready_for_return, owner and label cleared, and says it is no longer theirs', async () => {
    const server = serveKiosk({ tags: [worn('c0ffee000001')] });
    openTags();
    renderKiosk(stationPath('current-tags'));
    const card = await screen.findByRole('article', { name: 'Tag c0ffee000001' });
    expect(within(card).getByText('Active (deployed)')).toBeVisible();
    await userEvent.click(within(card).getByRole('button', { name: 'Return' }));

    expect(
      await screen.findByText(
        'Tag c0ffee000001 is returned and no longer yours. Please put it in the returns box.',
      ),
    ).toBeVisible();
    expect(server.writes).toEqual([
      {
        method: 'PUT',
        path: '/api/tags/c0ffee000001',
        body: { state: 'ready_for_return', owner: null, label: null },
      },
    ]);
    expect(await screen.findByText('Ana Ruiz has no tags right now.')).toBeVisible();
  });

  it('asks before marking a tag lost', async () => {
    const server = serveKiosk({ tags: [worn('c0ffee000001')] });
    openTags();
    renderKiosk(stationPath('current-tags'));
    const card = await screen.findByRole('article', { name: 'Tag c0ffee000001' });
    await userEvent.click(within(card).getByRole('button', { name: 'Lost' }));
    const ask = within(card).getByRole('group', { name: 'Mark this tag lost?' });
    await userEvent.click(within(ask).getByRole('button', { name: 'Cancel' }));
    expect(server.writes).toEqual([]);

    await userEvent.click(within(card).getByRole('button', { name: 'Lost' }));
    await userEvent.click(within(card).getByRole('button', { name: 'Yes, mark it lost' }));
    expect(
      await screen.findByText(
        'Tag c0ffee000001 is marked lost and no longer yours. If it turns up, bring it back here.',
      ),
    ).toBeVisible();
    expect(server.writes).toEqual([
      { method: 'PUT', path: '/api/tags/c0ffee000001', body: { state: 'lost', owner: null, label: null } },
    ]);
  });

  it('swaps a tag for a new one in one step: return, tap, status, activate', async () => {
    const server = serveKiosk({ tags: [worn('c0ffee000001'), shelfTag('c0ffee100001')] });
    openTags();
    renderKiosk(stationPath('current-tags'));
    const card = await screen.findByRole('article', { name: 'Tag c0ffee000001' });
    await userEvent.click(within(card).getByRole('button', { name: 'Swap' }));

    expect(await screen.findByText('Press your new tag’s button once')).toBeVisible();
    expect(screen.getByText(/Swap: your old tag is returned/)).toBeVisible();
    server.taps.push(tapOf('c0ffee100001'));
    await userEvent.click(await screen.findByRole('button', { name: 'Activate for Ana Ruiz' }));
    expect(
      await screen.findByText('Return tag c0ffee000001 and activate tag c0ffee100001 for Ana Ruiz?'),
    ).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Activate' }));

    expect(
      await screen.findByText(
        'Tag c0ffee000001 is returned, and tag c0ffee100001 is now active for Ana Ruiz.',
      ),
    ).toBeVisible();
    expect(server.writes).toEqual([
      {
        method: 'POST',
        path: `/api/distribution-station/${ED_STATION.id}/swap`,
        body: {
          returnTag: 'c0ffee000001',
          returnState: 'ready_for_return',
          activateTag: 'c0ffee100001',
          owner: { name: 'Ana Ruiz', personId: 'P-1042' },
        },
      },
    ]);
  });

  it('says so when the person has no tags', async () => {
    serveKiosk();
    openTags();
    renderKiosk(stationPath('current-tags'));
    expect(await screen.findByText('Ana Ruiz has no tags right now.')).toBeVisible();
    expect(screen.getByRole('heading', { name: 'Ana Ruiz’s tags' })).toBeVisible();
  });
});
