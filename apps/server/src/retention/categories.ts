import { sql } from 'drizzle-orm';
import type { RetentionCategory } from '@vigil/domain';
import type { Batches } from './batches';
import { deleteByOrgTime, type TimeTable } from './by-org-time';
import { deleteByParent, type ParentTable } from './by-parent';
import type { OrgCutoff, Tally } from './tally';

// What each retention category deletes (issue 19), and through which index. The domain's
// RETENTION_CATEGORIES types this table: a new category (sightings) fails to compile until it has
// its deleter here. The tables each counts: the domain's RETENTION_LABELS[category].tables.

export type Deleter = (
  b: Batches,
  orgs: readonly OrgCutoff[],
  tally: Tally,
  dryRun: boolean,
) => Promise<void>;

/**
 * Alerts closed before the cut-off (an open alert stays, whatever its age), through
 * alerts_org_created_idx. Their history goes with them (ON DELETE CASCADE: counted before it runs),
 * and the analytics rollups follow through the alerts' delete trigger (migration 0016).
 */
const ALERTS: TimeTable = {
  kind: 'alerts',
  table: 'alerts',
  time: 'created_at',
  idType: 'uuid',
  only: (before) => sql`closed_at < ${before}`,
  cascades: [
    { table: 'alert_events', column: 'alert_id' },
    { table: 'alert_client_errors', column: 'alert_id' },
    { table: 'alert_links', column: 'alert_id' },
    { table: 'notifications', column: 'alert_id' },
    { table: 'notification_triggers', column: 'alert_id' },
  ],
};

/** Deliveries of no alert (digests, tests, disconnected gateways) sent before the cut-off. */
const OTHER_DELIVERIES: TimeTable = {
  kind: 'notifications',
  table: 'notifications',
  time: 'created_at',
  idType: 'uuid',
  only: () => sql`alert_id is null and state <> 'pending'`,
};

const AUDIT_LOG: TimeTable = { kind: 'audit', table: 'audit_log', time: 'at', idType: 'bigint' };

/** The sync log: commands queued for gateways. One not yet handed over is still to do, so it stays. */
const SYNC_LOG: TimeTable = {
  kind: 'commands',
  table: 'gateway_commands',
  time: 'created_at',
  idType: 'uuid',
  only: () => sql`delivered_at is not null`,
};

const HEARTBEATS: ParentTable = {
  kind: 'heartbeats',
  table: 'gateway_heartbeats',
  parents: 'gateways',
  parentColumn: 'gateway_id',
  time: 'at',
};

/** Snapshots carry the console's own clock: one goes once it is old by that clock and by ours. */
const SNAPSHOTS: ParentTable = {
  kind: 'snapshots',
  table: 'console_snapshots',
  parents: 'consoles',
  parentColumn: 'console_id',
  time: 'created_at',
  alsoOlder: 'received_at',
};

export const DELETERS: Readonly<Record<RetentionCategory, Deleter>> = {
  alerts: async (b, orgs, tally, dryRun) => {
    await deleteByOrgTime(b, ALERTS, orgs, tally, dryRun);
    await deleteByOrgTime(b, OTHER_DELIVERIES, orgs, tally, dryRun);
  },
  auditLog: (b, orgs, tally, dryRun) => deleteByOrgTime(b, AUDIT_LOG, orgs, tally, dryRun),
  syncLog: (b, orgs, tally, dryRun) => deleteByOrgTime(b, SYNC_LOG, orgs, tally, dryRun),
  heartbeats: (b, orgs, tally, dryRun) => deleteByParent(b, HEARTBEATS, orgs, tally, dryRun),
  consoleSnapshots: (b, orgs, tally, dryRun) => deleteByParent(b, SNAPSHOTS, orgs, tally, dryRun),
};
