import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { kioskStore } from './flow-store';
import {
  ED_STATION,
  anaPerson,
  renderKiosk,
  seedFlow,
  serveKiosk,
  shelfTag,
  stationPath,
} from './kiosk-test-kit';

const shown = (tagId: string) =>
  seedFlow(
    { type: 'pickPerson', person: anaPerson },
    { type: 'identifyTag', now: new Date().toISOString() },
    { type: 'tagFound', tagId },
    { type: 'statusLoaded', tag: { id: tagId, state: 'available', ownerPersonId: null } },
  );

describe('activating a tag (issue 21 Activate; SPEC §4 assignment, §7 PUT tags/{id})', () => {
  it('assigns the tag to the person at this station, confirms it by the returned state, then goes home', async () => {
    const server = serveKiosk({ tags: [shelfTag('c0ffee100001')] });
    shown('c0ffee100001');
    renderKiosk(stationPath('activate'));
    await userEvent.click(await screen.findByRole('button', { name: 'Activate' }));

    expect(await screen.findByText('Tag c0ffee100001 is now active for Ana Ruiz.')).toBeVisible();
    expect(screen.getByLabelText('Current path')).toHaveTextContent(stationPath('success'));
    expect(server.writes).toEqual([
      {
        method: 'PUT',
        path: '/api/tags/c0ffee100001',
        body: { state: 'deployed', owner: { name: 'Ana Ruiz', personId: 'P-1042' }, station: ED_STATION.id },
      },
    ]);

    await userEvent.click(screen.getByRole('button', { name: 'Done' }));
    expect(await screen.findByRole('heading', { name: 'Who is the tag for?' })).toBeVisible();
    expect(kioskStore.flow(ED_STATION.id)).toEqual({ step: 'home' });
  });

  it('shows DB error when the server answers another state (SPEC §4, §8), and may try again', async () => {
    serveKiosk({ tags: [shelfTag('c0ffee100001')], storedState: 'available' });
    shown('c0ffee100001');
    renderKiosk(stationPath('activate'));
    await userEvent.click(await screen.findByRole('button', { name: 'Activate' }));
    expect(
      await screen.findByText(
        'Tag c0ffee100001 was not activated (DB error). Please try again, or take another tag.',
      ),
    ).toBeVisible();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeEnabled();
    expect(screen.getByLabelText('Current path')).toHaveTextContent(stationPath('activate'));
  });

  it('shows the server’s reason when it refuses', async () => {
    serveKiosk({ tags: [] });
    shown('c0ffee100009');
    renderKiosk(stationPath('activate'));
    await userEvent.click(await screen.findByRole('button', { name: 'Activate' }));
    expect(
      await screen.findByText(
        'Tag c0ffee100009 was not activated (Tag not found). Please try again, or take another tag.',
      ),
    ).toBeVisible();
  });

  it('settles an activation a reload interrupted by reading the tag again', async () => {
    serveKiosk({
      tags: [
        shelfTag('c0ffee100001', {
          config: { state: 'deployed', owner: { name: 'Ana Ruiz', personId: 'P-1042' } },
        }),
      ],
    });
    shown('c0ffee100001');
    seedFlow({ type: 'activate' });
    renderKiosk(stationPath('activate'));
    expect(await screen.findByText('Tag c0ffee100001 is now active for Ana Ruiz.')).toBeVisible();
    await waitFor(() => expect(kioskStore.flow(ED_STATION.id).step).toBe('success'));
  });
});
