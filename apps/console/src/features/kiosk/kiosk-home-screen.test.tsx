import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HOUR_MS } from '@vigil/domain';
import { kioskStore } from './flow-store';
import { ED_STATION, anaPerson, renderKiosk, seedFlow, serveKiosk, stationPath } from './kiosk-test-kit';

describe('the kiosk home: who the tag is for (issue 21; SPEC §5 suggestions, §6 person search)', () => {
  it('finds the person after 2 letters, shows their e-mail, then offers a new tag or their tags', async () => {
    const server = serveKiosk();
    renderKiosk(stationPath('home'));
    const search = await screen.findByRole('textbox', { name: 'Your name or e-mail' });
    await userEvent.type(search, 'A');
    await userEvent.type(search, 'n');
    const option = await screen.findByRole('option', { name: /Ana Ruiz/ });
    expect(option).toHaveTextContent('ana@demo.example');
    await userEvent.click(option);

    expect(await screen.findByRole('heading', { name: 'Hello, Ana Ruiz' })).toBeVisible();
    expect(screen.getByText('ana@demo.example')).toBeVisible();
    const search2 = server.fetch.mock.calls
      .map(([u]) => new URL(String(u), 'http://x'))
      .find((u) => u.pathname === '/api/people')!;
    expect(Object.fromEntries(search2.searchParams)).toMatchObject({ limit: '20', orderBy: 'name' });

    await userEvent.click(screen.getByRole('button', { name: /Get a new tag/ }));
    expect(await screen.findByText('Press your new tag’s button once')).toBeVisible();
    expect(screen.getByLabelText('Current path')).toHaveTextContent(stationPath('tap'));
  });

  it('takes a badge read by a hand-held scanner (a URL ending in the person id)', async () => {
    serveKiosk();
    renderKiosk(stationPath('home'));
    await screen.findByRole('textbox', { name: 'Your name or e-mail' });
    await userEvent.keyboard('https://badges.demo.example/people/P-1042{Enter}');
    expect(await screen.findByRole('heading', { name: 'Hello, Ana Ruiz' })).toBeVisible();
  });

  it('says so when no one has the badge scanned', async () => {
    serveKiosk();
    renderKiosk(stationPath('home'));
    await screen.findByRole('textbox', { name: 'Your name or e-mail' });
    await userEvent.keyboard('P-9999{Enter}');
    expect(
      await screen.findByText('No one found for badge “P-9999”. Please pick your name instead.'),
    ).toBeVisible();
  });

  it('starts over for the next person', async () => {
    serveKiosk();
    seedFlow({ type: 'pickPerson', person: anaPerson });
    renderKiosk(stationPath('home'));
    await userEvent.click(await screen.findByRole('button', { name: 'Not Ana Ruiz? Start over' }));
    expect(await screen.findByRole('heading', { name: 'Who is the tag for?' })).toBeVisible();
  });

  it('refuses a station whose scan mode is unknown (SPEC §8)', async () => {
    serveKiosk({ stations: [{ ...ED_STATION, scanMode: 'tripleTap' as never }] });
    seedFlow({ type: 'pickPerson', person: anaPerson });
    renderKiosk(stationPath('home'));
    expect(await screen.findByText('Invalid tag scan mode: tripleTap')).toBeVisible();
    expect(screen.getByRole('button', { name: /Get a new tag/ })).toBeDisabled();
  });

  it('forgets the person after the station timeout of no use (SPEC §9: 1 hour) and says so', async () => {
    serveKiosk();
    seedFlow({ type: 'pickPerson', person: anaPerson });
    kioskStore.touch(ED_STATION.id, Date.now() - HOUR_MS - 1000);
    renderKiosk(stationPath('home'));
    expect(await screen.findByRole('heading', { name: 'Who is the tag for?' })).toBeVisible();
    expect(screen.getByText('The kiosk was not used for an hour, so it started over.')).toBeVisible();
    expect(kioskStore.flow(ED_STATION.id)).toEqual({ step: 'home' });
  });

  it('keeps the person through a reload within the hour', async () => {
    serveKiosk();
    seedFlow({ type: 'pickPerson', person: anaPerson });
    kioskStore.touch(ED_STATION.id, Date.now() - HOUR_MS + 60_000);
    renderKiosk(stationPath('home'));
    expect(await screen.findByRole('heading', { name: 'Hello, Ana Ruiz' })).toBeVisible();
  });
});
