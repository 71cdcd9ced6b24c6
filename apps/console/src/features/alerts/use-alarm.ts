import { useCallback, useEffect, useState, useSyncExternalStore } from 'react';
import { ACK_HOLD_MS, alertSoundsAlarm, isAckHeld, type Alert } from '@vigil/domain';
import { AlarmPlayer, type AudioState } from './alarm-player';

/** A local acknowledgement: when it was made, and the press it acknowledged. */
type AckMark = { at: number; lastPressAt: string };
/** A mute covers an alert as it was when muted: its last press. */
type MuteMarks = ReadonlyMap<string, string>;

export type AlarmAudio = AudioState | 'off';

export type Alarm = {
  /** Alerts that sound the alarm by the rules (SPEC §4), muted or not. */
  alarming: Alert[];
  /** Alarming alerts that are not muted: what is sounding. */
  audible: Alert[];
  /** Alarming alerts silenced by a mute. */
  muted: Alert[];
  audio: AlarmAudio;
  /** The alert is acknowledged here and the server's copy does not show it yet. */
  isAckPending: (id: string) => boolean;
  markAcknowledged: (alert: Alert) => void;
  clearAcknowledged: (id: string) => void;
  /** Mutes the alerts alarming now; a new alert, or a new press, sounds again. */
  mute: () => void;
  unmute: () => void;
  /** A user gesture to enable a blocked audio. */
  enableAudio: () => void;
};

/**
 * SPEC §4: a local acknowledgement silences an alert for 30 s (§9) until the server's copy shows it.
 * It ends early when the server confirms (so a later press sounds at once) or the alert is pressed again.
 */
function ackHeld(mark: AckMark | undefined, alert: Alert, now: Date): boolean {
  return !!mark && mark.lastPressAt === alert.lastPressAt && isAckHeld(new Date(mark.at), now);
}

/**
 * The alarm (SPEC §2.6, §4): audible while any alert is created, notified or escalated and
 * unacknowledged, for users who may hear alerts, with the local acknowledgement and mute.
 */
export function useAlarm(alerts: readonly Alert[] | undefined, mayHear: boolean): Alarm {
  const [ackMarks, setAckMarks] = useState<ReadonlyMap<string, AckMark>>(new Map());
  const [muteMarks, setMuteMarks] = useState<MuteMarks>(new Map());
  const [tick, setTick] = useState(0);
  const [owned, setOwned] = useState<AlarmPlayer>();
  const now = new Date();

  const alarming = (alerts ?? []).filter((a) => alertSoundsAlarm(a) && !ackHeld(ackMarks.get(a.id), a, now));
  const isMuted = (a: Alert) => muteMarks.get(a.id) === a.lastPressAt;
  const audible = alarming.filter((a) => !isMuted(a));
  const muted = alarming.filter(isMuted);

  // Wake up when the first local acknowledgement runs out, so an unconfirmed one sounds again.
  const nextExpiry = Math.min(...[...ackMarks.values()].map((m) => m.at + ACK_HOLD_MS));
  useEffect(() => {
    if (!Number.isFinite(nextExpiry)) return;
    const timer = setTimeout(() => setTick((t) => t + 1), Math.max(0, nextExpiry - Date.now()));
    return () => clearTimeout(timer);
  }, [nextExpiry]);

  // Forget marks that no longer hold: confirmed, pressed again, expired or closed.
  useEffect(() => {
    const byId = new Map((alerts ?? []).map((a) => [a.id, a]));
    const at = new Date();
    setAckMarks((marks) =>
      prune(marks, (id, mark) => {
        const alert = byId.get(id);
        return !!alert && !alert.acknowledged && ackHeld(mark, alert, at);
      }),
    );
    setMuteMarks((marks) => prune(marks, (id, press) => byId.get(id)?.lastPressAt === press));
  }, [alerts, tick]);

  const audio = useSyncExternalStore(
    owned?.subscribe ?? noSubscribe,
    owned?.getState ?? offState,
    owned?.getState ?? offState,
  );

  // The audio exists only for users who may hear alerts; it is loaded and checked at once.
  useEffect(() => {
    if (!mayHear) return;
    const player = new AlarmPlayer();
    setOwned(player);
    player.prepare();
    return () => {
      player.dispose();
      setOwned(undefined);
    };
  }, [mayHear]);

  const sound = mayHear && audible.length > 0;
  useEffect(() => owned?.setWanted(sound), [owned, sound]);

  const markAcknowledged = useCallback((alert: Alert) => {
    setAckMarks((marks) => new Map(marks).set(alert.id, { at: Date.now(), lastPressAt: alert.lastPressAt }));
  }, []);
  const clearAcknowledged = useCallback((id: string) => {
    setAckMarks((marks) => prune(marks, (markId) => markId !== id));
  }, []);
  const mute = useCallback(() => {
    setMuteMarks((marks) => {
      const next = new Map(marks);
      for (const a of alerts ?? []) if (alertSoundsAlarm(a)) next.set(a.id, a.lastPressAt);
      return next;
    });
  }, [alerts]);
  const unmute = useCallback(() => setMuteMarks(new Map()), []);
  const enableAudio = useCallback(() => owned?.retry(), [owned]);

  return {
    alarming,
    audible,
    muted,
    audio: mayHear && owned ? audio : 'off',
    isAckPending: (id: string) => ackMarks.has(id),
    markAcknowledged,
    clearAcknowledged,
    mute,
    unmute,
    enableAudio,
  };
}

const noSubscribe = () => () => {};
const offState = (): AudioState => 'idle';

function prune<V>(
  marks: ReadonlyMap<string, V>,
  keep: (id: string, value: V) => boolean,
): ReadonlyMap<string, V> {
  const next = new Map([...marks].filter(([id, value]) => keep(id, value)));
  return next.size === marks.size ? marks : next;
}
