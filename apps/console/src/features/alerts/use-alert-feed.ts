import { useEffect, useRef, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ALERT_REFRESH_FAILED_AFTER_MS,
  ALERT_REFRESH_MS,
  ERROR_REPORT_DEBOUNCE_MS,
  isAlertOpen,
  type Alert,
} from '@vigil/domain';
import {
  alertKeys,
  fetchOpenAlerts,
  openAlertStream,
  recordAlertChange,
  reportAlertRefreshError,
} from '../../api/alerts';
import { connection } from '../../api/connection';

export type AlertFeedOptions = {
  /** The user may read alerts: poll them and listen to the event stream (SPEC §6 polling alerts). */
  enabled: boolean;
  /** Ask for test alerts too (read Alert test). */
  includeTest: boolean;
};

/**
 * Every open alert, kept current by two paths (ARCHITECTURE §5): the SSE stream, and GET alerts
 * every 2 s as the safety net (SPEC §7). When the last good refresh is over 10 s old the connection
 * is marked stale for the 'Alerts will not be shown' banner (SPEC §8), and an alert first seen
 * while stale is reported to the server (POST log/alerts/error, batched over 10 s).
 */
export function useAlertFeed({ enabled, includeTest }: AlertFeedOptions) {
  const queryClient = useQueryClient();
  const [health] = useState(() => ({ lastGood: Date.now(), seen: new Set<string>() }));
  const reporter = useRef(createErrorReporter());

  function sight(alerts: readonly Alert[], at: number) {
    const delta = at - health.lastGood;
    for (const alert of alerts) {
      if (health.seen.has(alert.id)) continue;
      health.seen.add(alert.id);
      if (delta > ALERT_REFRESH_FAILED_AFTER_MS) reporter.current.queue(alert, delta);
    }
  }

  const query = useQuery({
    queryKey: alertKeys.open(),
    queryFn: async ({ signal }) => {
      const alerts = await fetchOpenAlerts(queryClient, { includeTest }, signal);
      const at = Date.now();
      sight(alerts, at);
      health.lastGood = at;
      connection.set({ alertsStale: false });
      return alerts;
    },
    enabled,
    retry: false,
  });

  // GET alerts every 2 s (SPEC §7), on a timer of our own: TanStack's refetchInterval restarts at
  // every change of the query, each SSE event included, so a busy stream (an event at least every
  // 2 s) stopped the polling, and 10 s later raised the banner while alerts were arriving
  // (bench/alert-latency). An answer still awaited is not cancelled by the next tick.
  useEffect(() => {
    if (!enabled) return;
    const timer = setInterval(() => {
      void queryClient.refetchQueries({ queryKey: alertKeys.open(), exact: true }, { cancelRefetch: false });
    }, ALERT_REFRESH_MS);
    return () => clearInterval(timer);
  }, [enabled, queryClient]);

  // SPEC §8: over 10 s without a good refresh, alerts may be missing: say so until one succeeds.
  useEffect(() => {
    if (!enabled) return;
    health.lastGood = Date.now();
    const timer = setInterval(() => {
      if (Date.now() - health.lastGood > ALERT_REFRESH_FAILED_AFTER_MS) connection.set({ alertsStale: true });
    }, 1000);
    return () => {
      clearInterval(timer);
      connection.set({ alertsStale: false });
    };
  }, [enabled, health]);

  useEffect(() => {
    if (!enabled) return;
    const close = openAlertStream({
      onAlert: (alert) => {
        // Without read Alert test the list holds no test alerts: an event must not add one.
        if (alert.mode === 'test' && !includeTest) return;
        if (isAlertOpen(alert)) sight([alert], Date.now());
        recordAlertChange(queryClient, alert);
      },
      onReset: () => void queryClient.invalidateQueries({ queryKey: alertKeys.all }),
      onOpen: () => void queryClient.invalidateQueries({ queryKey: alertKeys.open() }),
    });
    return close;
    // `sight` reads only the stable `health` and reporter.
  }, [enabled, includeTest, queryClient]);

  useEffect(() => {
    const current = reporter.current;
    return () => current.flush();
  }, []);

  return query;
}

/** POST log/alerts/error/{id} once per alert, sent together 10 s after the first waiting one (SPEC §7, §9). */
function createErrorReporter() {
  const waiting = new Map<string, { alert: Alert; delta: number }>();
  let timer: ReturnType<typeof setTimeout> | undefined;
  function flush() {
    clearTimeout(timer);
    timer = undefined;
    for (const { alert, delta } of waiting.values()) {
      reportAlertRefreshError(alert, delta).catch(() => {
        /* a report is best effort: the alert itself is already on screen */
      });
    }
    waiting.clear();
  }
  return {
    queue(alert: Alert, delta: number) {
      waiting.set(alert.id, { alert, delta });
      timer ??= setTimeout(flush, ERROR_REPORT_DEBOUNCE_MS);
    },
    flush,
  };
}
