import { useEffect, useState } from 'react';
import type { Alert } from '@vigil/domain';
import { createSnapshotSender } from '../../api/console-snapshots';
import { consoleId } from '../../session/console-identity';
import type { AlarmAudio } from './use-alarm';

export type AlertView = {
  alerts: readonly Alert[] | undefined;
  audibleIds: ReadonlySet<string>;
  mutedIds: ReadonlySet<string>;
  isAckPending: (id: string) => boolean;
  audio: AlarmAudio;
  /** The alerts screen is the one on show. */
  onAlertsScreen: boolean;
  /** The 'Alerts will not be shown' banner is up. */
  disconnected: boolean;
};

/** What the console shows of its alerts, for the server's record of consoles (SPEC §7 snapshots). */
export function snapshotOf(view: AlertView): Record<string, unknown> {
  return {
    alerts: (view.alerts ?? []).map((a) => ({
      id: a.id,
      state: a.state,
      mode: a.mode,
      acknowledged: a.acknowledged,
      acknowledgedHere: view.isAckPending(a.id),
      sounding: view.audibleIds.has(a.id),
      muted: view.mutedIds.has(a.id),
    })),
    muted: view.mutedIds.size > 0,
    audio: view.audio,
    onAlertsScreen: view.onAlertsScreen,
    disconnected: view.disconnected,
  };
}

/** SPEC §7 Consoles: a snapshot on each change of what is shown, debounced 1 s, ≤ 100 buffered. */
export function useAlertSnapshots(enabled: boolean, view: AlertView) {
  const [sender, setSender] = useState<ReturnType<typeof createSnapshotSender>>();

  useEffect(() => {
    if (!enabled) return;
    const next = createSnapshotSender(consoleId());
    setSender(next);
    return () => {
      next.stop();
      setSender(undefined);
    };
  }, [enabled]);

  const ready = view.alerts !== undefined;
  const data = snapshotOf(view);
  const key = JSON.stringify(data);
  useEffect(() => {
    if (sender && ready) sender.take(JSON.parse(key) as Record<string, unknown>);
  }, [sender, ready, key]);
}
