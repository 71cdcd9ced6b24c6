import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import type { Alert } from '@vigil/domain';
import { messages } from '../../api/messages';
import { alertFixture } from '../../test/alert-fixtures';
import { renderWithProviders } from '../../test/render';
import { AudioBlockedModal } from './audio-blocked-modal';
import { useAlarm } from './use-alarm';

/** The alarm as the shell runs it, with buttons for what the alerts screen offers. */
function Alarm({ alerts, mayHear = true }: { alerts: Alert[]; mayHear?: boolean }) {
  const alarm = useAlarm(alerts, mayHear);
  return (
    <>
      <p>audio {alarm.audio}</p>
      <p>sounding {alarm.audible.map((a) => a.id).join(',') || 'none'}</p>
      <p>
        acknowledging{' '}
        {alerts
          .filter((a) => alarm.isAckPending(a.id))
          .map((a) => a.id)
          .join(',') || 'none'}
      </p>
      {alerts.map((a) => (
        <button key={a.id} onClick={() => alarm.markAcknowledged(a)}>
          Acknowledge {a.id}
        </button>
      ))}
      <button onClick={alarm.mute}>Mute alarm</button>
      <AudioBlockedModal opened={alarm.audio === 'blocked'} onEnable={alarm.enableAudio} />
    </>
  );
}

/** The volume of each play() call: 0 is the silent check at start, 1 a real alarm. */
let plays: number[];
let refuse: boolean;
beforeEach(() => {
  plays = [];
  refuse = false;
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(function (this: HTMLMediaElement) {
    plays.push(this.volume);
    return refuse
      ? Promise.reject(new DOMException('play() needs a user gesture', 'NotAllowedError'))
      : Promise.resolve();
  });
  vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(() => {});
});
afterEach(() => {
  cleanup(); // unmount (and silence) while play and pause are still stubbed
  vi.restoreAllMocks();
  vi.useRealTimers();
});

const notified = alertFixture({ id: 'a1', state: 'notified' });
const loud = () => plays.filter((volume) => volume === 1).length;
const settle = () => act(async () => {});

describe('the alarm (SPEC §2.6, §4)', () => {
  it('plays, started by the page, when an alarming alert appears, and only then', async () => {
    const view = renderWithProviders(<Alarm alerts={[]} />);
    await settle();
    expect(loud()).toBe(0);
    expect(screen.getByText('audio idle')).toBeInTheDocument();

    view.rerender(<Alarm alerts={[notified]} />);
    await waitFor(() => expect(screen.getByText('audio playing')).toBeInTheDocument());
    expect(loud()).toBe(1);
  });

  it('stays silent for acknowledged and closed alerts, and for users who may not hear alerts', async () => {
    const view = renderWithProviders(
      <Alarm
        alerts={[alertFixture({ id: 'a2', acknowledged: true }), alertFixture({ id: 'a3', state: 'closed' })]}
      />,
    );
    await settle();
    expect(screen.getByText('sounding none')).toBeInTheDocument();
    view.rerender(<Alarm alerts={[notified]} mayHear={false} />);
    await settle();
    expect(screen.getByText('audio off')).toBeInTheDocument();
    expect(loud()).toBe(0);
  });

  it('stops at once on acknowledge, and sounds again after 30 s if the server never confirms it', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: false });
    renderWithProviders(<Alarm alerts={[notified]} />);
    await settle();
    expect(screen.getByText('audio playing')).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Acknowledge a1' }));
    await settle();
    expect(screen.getByText('audio idle')).toBeInTheDocument();
    expect(HTMLMediaElement.prototype.pause).toHaveBeenCalled();

    await act(async () => vi.advanceTimersByTime(29_000));
    expect(screen.getByText('audio idle')).toBeInTheDocument();
    expect(screen.getByText('acknowledging a1')).toBeInTheDocument();
    await act(async () => vi.advanceTimersByTime(1_000));
    expect(screen.getByText('audio playing')).toBeInTheDocument();
    expect(screen.getByText('acknowledging none')).toBeInTheDocument();
    expect(loud()).toBe(2);
  });

  it('stays silent once the server confirms the acknowledgement', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: false });
    const view = renderWithProviders(<Alarm alerts={[notified]} />);
    await settle();
    fireEvent.click(screen.getByRole('button', { name: 'Acknowledge a1' }));
    view.rerender(<Alarm alerts={[{ ...notified, acknowledged: true }]} />);
    await act(async () => vi.advanceTimersByTime(60_000));
    expect(screen.getByText('audio idle')).toBeInTheDocument();
  });

  it('sounds again when an acknowledged alert is pressed again', async () => {
    const view = renderWithProviders(<Alarm alerts={[notified]} />);
    await settle();
    fireEvent.click(screen.getByRole('button', { name: 'Acknowledge a1' }));
    await settle();
    expect(screen.getByText('audio idle')).toBeInTheDocument();
    const pressed = { ...notified, pressCount: 2, lastPressAt: new Date().toISOString() };
    view.rerender(<Alarm alerts={[pressed]} />);
    await waitFor(() => expect(screen.getByText('audio playing')).toBeInTheDocument());
  });

  it('mutes the alerts present when muted; a new alert sounds again', async () => {
    const view = renderWithProviders(<Alarm alerts={[notified]} />);
    await settle();
    fireEvent.click(screen.getByRole('button', { name: 'Mute alarm' }));
    await settle();
    expect(screen.getByText('audio idle')).toBeInTheDocument();

    view.rerender(<Alarm alerts={[{ ...notified, state: 'escalated' }]} />);
    await settle();
    expect(screen.getByText('audio idle')).toBeInTheDocument();

    const newer = alertFixture({ id: 'a9', state: 'created' });
    view.rerender(<Alarm alerts={[newer, notified]} />);
    await waitFor(() => expect(screen.getByText('audio playing')).toBeInTheDocument());
    expect(screen.getByText('sounding a9')).toBeInTheDocument();
  });

  it('asks for a click when the browser blocks the audio, and plays after any click', async () => {
    refuse = true;
    renderWithProviders(<Alarm alerts={[notified]} />);
    const dialog = await screen.findByRole('dialog', { name: 'Alert audio is disabled' });
    expect(dialog).toHaveTextContent(messages.audioBlocked);

    refuse = false;
    fireEvent.click(document.body);
    await waitFor(() => expect(screen.getByText('audio playing')).toBeInTheDocument());
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('warns about blocked audio before any alert arrives', async () => {
    refuse = true;
    renderWithProviders(<Alarm alerts={[]} />);
    expect(await screen.findByRole('dialog', { name: 'Alert audio is disabled' })).toBeInTheDocument();
    refuse = false;
    fireEvent.click(screen.getByRole('button', { name: 'Enable alert audio' }));
    await waitFor(() => expect(screen.getByText('audio idle')).toBeInTheDocument());
    expect(loud()).toBe(0);
  });
});
