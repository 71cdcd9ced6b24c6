import type { RetentionCategory } from './settings';

/**
 * Issue 19: how each retention category reads on the console's "Data retention" settings, and the
 * tables its deletions are counted under in the audit log (apps/server/src/retention/).
 */
export const RETENTION_LABELS: Readonly<
  Record<RetentionCategory, { label: string; help: string; tables: readonly string[] }>
> = {
  alerts: {
    label: 'Alerts and their history',
    help: 'Closed alerts with their events, notifications, links and console error reports. Open alerts are always kept.',
    tables: [
      'alerts',
      'alert_events',
      'alert_client_errors',
      'alert_links',
      'notifications',
      'notification_triggers',
    ],
  },
  auditLog: {
    label: 'Change log',
    help: 'Who changed what (the audit log), including the records of earlier deletions.',
    tables: ['audit_log'],
  },
  syncLog: {
    label: 'Sync log',
    help: 'Commands sent to gateways. Commands not yet delivered are kept.',
    tables: ['gateway_commands'],
  },
  heartbeats: {
    label: 'Gateway heartbeats',
    help: 'The readings the gateway metrics are built from (one a minute per gateway).',
    tables: ['gateway_heartbeats'],
  },
  consoleSnapshots: {
    label: 'Console snapshots',
    help: 'What each console reported of itself, kept for troubleshooting.',
    tables: ['console_snapshots'],
  },
};
