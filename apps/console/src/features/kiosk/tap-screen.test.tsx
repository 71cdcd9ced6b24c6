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
  tapOf,
} from './kiosk-test-kit';

const NOW = () => new Date().toISOString();

describe('the tap screen (issue 21; SPEC §7 GET button-event, polled)', () => {
  it('polls the station’s taps since it opened and shows the status of the tag tapped', async () => {
    const server = serveKiosk({ tags: [shelfTag('c0ffee100001')] });
    seedFlow({ type: 'pickPerson', person: anaPerson }, { type: 'identifyTag', now: NOW() });
    const flow = kioskStore.flow(ED_STATION.id);
    const since = flow.step === 'identifyingTag' ? flow.since : '';
    renderKiosk(stationPath('tap'));

    expect(await screen.findByText('Press your new tag’s button once')).toBeVisible();
    expect(screen.getByText(/Already wearing a tag\? Do not press it here/)).toBeVisible();
    // The first call learns the server's clock; the polls then ask from when the screen opened.
    await waitFor(() => expect(server.tapQueries.length).toBeGreaterThan(1));
    const asked = Object.fromEntries(server.tapQueries[1]!);
    expect(asked).toMatchObject({ station: ED_STATION.id, limit: '1' });
    expect(Math.abs(Date.parse(asked.createdAt!) - Date.parse(since))).toBeLessThan(1000);

    server.taps.push(tapOf('c0ffee100001'));
    expect(await screen.findByRole('heading', { name: 'Tag status' })).toBeVisible();
    expect(screen.getByLabelText('Current path')).toHaveTextContent(stationPath('status'));
    expect(await screen.findByText('c0ffee100001')).toBeVisible();
  });

  it('asks by the server’s clock: a tablet a minute behind hears no earlier tap, and hears the new one', async () => {
    const server = serveKiosk({ tags: [shelfTag('c0ffee100001'), shelfTag('c0ffee100004')] });
    server.serverAhead.ms = 60_000;
    // A tap the server heard 30 s ago by its clock: 30 s after the tablet's screen opened, by the tablet's.
    server.taps.push(tapOf('c0ffee100004', new Date(Date.now() + 30_000).toISOString()));
    seedFlow({ type: 'pickPerson', person: anaPerson }, { type: 'identifyTag', now: NOW() });
    const flow = kioskStore.flow(ED_STATION.id);
    const since = flow.step === 'identifyingTag' ? flow.since : '';
    renderKiosk(stationPath('tap'));
    await waitFor(() => expect(server.tapQueries.length).toBeGreaterThan(2));
    const asked = Date.parse(server.tapQueries[2]!.get('createdAt')!);
    expect(Math.abs(asked - (Date.parse(since) + 60_000))).toBeLessThan(1000);
    expect(screen.queryByRole('heading', { name: 'Tag status' })).toBeNull();
    server.taps.unshift(tapOf('c0ffee100001', new Date(Date.now() + 61_000).toISOString()));
    expect(await screen.findByText('c0ffee100001')).toBeVisible();
  });

  it('asks for a double tap at a doubleTap station', async () => {
    serveKiosk({ stations: [{ ...ED_STATION, scanMode: 'doubleTap' }] });
    renderKiosk(stationPath('tap'));
    expect(await screen.findByText('Press your new tag’s button twice, quickly')).toBeVisible();
  });

  it('takes a tag’s QR code from a hand-held scanner too', async () => {
    serveKiosk({ tags: [shelfTag('c0ffee100002')] });
    seedFlow({ type: 'pickPerson', person: anaPerson });
    renderKiosk(stationPath('tap'));
    await screen.findByText('Press your new tag’s button once');
    await userEvent.keyboard('https://vigil.example/C0FFEE100002{Enter}');
    expect(await screen.findByText('c0ffee100002')).toBeVisible();
  });

  it('does not listen at a station without a gateway', async () => {
    const server = serveKiosk({ stations: [{ ...ED_STATION, gatewayId: null }] });
    renderKiosk(stationPath('tap'));
    expect(await screen.findByText('No distribution station settings found')).toBeVisible();
    expect(server.tapQueries).toEqual([]);
  });

  it('sends a station with scanning off to the scan screen, where the tag id is typed', async () => {
    serveKiosk({ stations: [{ ...ED_STATION, scanMode: 'off' }], tags: [shelfTag('c0ffee100003')] });
    renderKiosk(stationPath('tap'));
    const field = await screen.findByRole('textbox', { name: 'Tag id' });
    expect(screen.getByLabelText('Current path')).toHaveTextContent(stationPath('scan'));
    await userEvent.type(field, 'c0:ff:ee:10:00:03{Enter}');
    expect(await screen.findByText('c0ffee100003')).toBeVisible();
  });
});
