import { useEffect, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { notifications } from '@mantine/notifications';
import { mayHearAlerts, mayPollAlerts, type Alert } from '@vigil/domain';
import { useAcknowledgeAlert } from '../../api/alerts';
import { useConnection } from '../../api/connection';
import { messages } from '../../api/messages';
import { useSignedIn } from '../../session/session';
import { activeAlerts } from './active-alerts';
import { AlertingContext, type Alerting } from './alerting-context';
import { AudioBlockedModal } from './audio-blocked-modal';
import { useAlarm } from './use-alarm';
import { useAlertFeed } from './use-alert-feed';
import { useAlertSnapshots } from './use-alert-snapshots';
import { isAlertsScreen, useNewAlertPush } from './use-new-alert-push';

/**
 * The alert path of the console, on every screen of the shell: the open alerts (SSE and
 * polling), the alarm, the local acknowledgement and mute, the push to the alerts screen, the
 * build-reload guard and the console snapshots. Screens and banners read it with `useAlerting`.
 */
export function AlertingProvider({ children }: { children: ReactNode }) {
  const { me, ability } = useSignedIn();
  const flags = me.zone.config.featureFlags;
  const enabled = mayPollAlerts(ability, false);
  const mayHear = enabled && mayHearAlerts(ability);
  const { pathname } = useLocation();
  const { serverProblem, alertsStale } = useConnection();

  const feed = useAlertFeed({ enabled, includeTest: ability.can('read', 'Alert', 'test') });
  const alerts = feed.data;
  const alarm = useAlarm(alerts, mayHear);
  const acknowledgeAlert = useAcknowledgeAlert();
  useNewAlertPush(alerts);

  // A new build never reloads the page while an alert is open (the presence check reads this).
  const openCount = alerts?.length ?? 0;
  useEffect(() => activeAlerts.set(openCount), [openCount]);
  useEffect(() => () => activeAlerts.set(0), []);

  async function acknowledge(alert: Alert) {
    alarm.markAcknowledged(alert);
    try {
      await acknowledgeAlert.mutateAsync(alert.id);
    } catch (err) {
      // The server did not take it: sound again now rather than after the 30 s mark.
      alarm.clearAcknowledged(alert.id);
      notifications.show({ color: 'red', message: messages.couldNotUpdate(err) });
    }
  }

  // What sounds for this user: nothing for one who may not hear alerts.
  const audibleIds = new Set(mayHear ? alarm.audible.map((a) => a.id) : []);
  const mutedIds = new Set(mayHear ? alarm.muted.map((a) => a.id) : []);
  useAlertSnapshots(enabled, {
    alerts,
    audibleIds,
    mutedIds,
    isAckPending: alarm.isAckPending,
    audio: alarm.audio,
    onAlertsScreen: isAlertsScreen(pathname),
    disconnected: serverProblem || alertsStale,
  });

  const value: Alerting = {
    enabled,
    alerts,
    isPending: enabled && feed.isPending,
    error: feed.error,
    refetch: () => void feed.refetch(),
    mayHear,
    mayUpdate: ability.can('update', 'Alert'),
    showDanger: flags.danger === true && ability.can('read', 'Alert', 'dangerousLocation'),
    reasonDetails: flags.reasonDetails === true,
    showVideo: flags.video === true && ability.can('read', 'Video'),
    audio: alarm.audio,
    audibleIds,
    mutedIds,
    isAckPending: alarm.isAckPending,
    acknowledge,
    mute: alarm.mute,
    unmute: alarm.unmute,
    enableAudio: alarm.enableAudio,
  };

  return (
    <AlertingContext.Provider value={value}>
      {children}
      <AudioBlockedModal opened={alarm.audio === 'blocked'} onEnable={alarm.enableAudio} />
    </AlertingContext.Provider>
  );
}
