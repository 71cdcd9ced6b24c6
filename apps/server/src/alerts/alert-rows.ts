import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import {
  homePointOf,
  inheritedEscalationDelayS,
  type Alert,
  type AlertHistoryAction,
  type AlertMode,
  type AlertState,
  type DangerReason,
  type ZoneLevel,
} from '@vigil/domain';
import type { Db, Tx } from '../platform/db/client';
import { jsonArray } from '../platform/db/json-params';
import { alertEvents, alerts, homeVisits, notificationTriggers, people, tags, zones } from '../db/schema';
import { appendEvents } from '../platform/realtime/bus';
import { type Scope } from '../platform/scope';
import { locatedInScope } from '../platform/scope-sql';
import type { ActorRef } from '../platform/db/columns';
import type { Caller } from '../platform/caller';

export type AlertRow = typeof alerts.$inferSelect;

type ZoneInfo = { id: string; name: string; level: string; path: string[]; config: Record<string, unknown> };
type TagInfo = { id: string; config: Record<string, unknown> };

/** Issue 20: an alert's home visit: who visits (remote.person) and the home's address. */
export type VisitInfo = {
  id: string;
  personName: string;
  address: string;
  geometry: unknown;
  overdueAlertId: string | null;
};

/** What `toAlert` reads besides the row: the zones on the alerts' paths, their tags and visits. */
export type AlertContext = {
  zones: Map<string, ZoneInfo>;
  tags: Map<string, TagInfo>;
  visits?: Map<string, VisitInfo>;
};

export const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const uuidArray = (ids: string[]) => sql`${`{${ids.join(',')}}`}::uuid[]`;

/**
 * Loads, in two queries (three when an alert has a home visit), what `toAlert` needs for these rows:
 * the zones up to the root, the tags, and the visits.
 */
export async function loadAlertContext(db: Db | Tx, rows: readonly AlertRow[]): Promise<AlertContext> {
  // The organisation too: an unlocated alert takes its escalation delay from there.
  const zoneIds = [...new Set(rows.flatMap((r) => (r.zoneId ? [r.zoneId, r.orgId] : [r.orgId])))];
  const tagIds = [...new Set(rows.map((r) => r.tagId))];
  const visitIds = [...new Set(rows.flatMap((r) => (r.visitId ? [r.visitId] : [])))];
  const [zoneRows, tagRows, visitRows] = await Promise.all([
    zoneIds.length
      ? db
          .select({
            id: zones.id,
            name: zones.name,
            level: zones.level,
            path: zones.path,
            config: zones.config,
          })
          .from(zones)
          .where(
            sql`${zones.id} in (select unnest(z.path) from ${zones} z where z.id = any(${uuidArray(zoneIds)}))`,
          )
      : [],
    tagIds.length
      ? db
          .select({ id: tags.id, config: tags.config })
          .from(tags)
          // One JSON parameter, not one per tag (a batch of ingest or the escalation sweep names thousands).
          .where(sql`${tags.id} = any(${jsonArray(tagIds)})`)
      : [],
    visitIds.length ? loadVisits(db, visitIds) : [],
  ]);
  return {
    zones: new Map(zoneRows.map((z) => [z.id, z])),
    tags: new Map(tagRows.map((t) => [t.id, t])),
    visits: new Map(visitRows.map((v) => [v.id, v])),
  };
}

function loadVisits(db: Db | Tx, ids: string[]): Promise<VisitInfo[]> {
  return db
    .select({
      id: homeVisits.id,
      personName: people.name,
      address: zones.name,
      geometry: sql<unknown>`${zones.config}->'geometry'`,
      overdueAlertId: homeVisits.overdueAlertId,
    })
    .from(homeVisits)
    .innerJoin(people, eq(people.id, homeVisits.personId))
    .innerJoin(zones, eq(zones.id, homeVisits.homeZoneId))
    .where(sql`${homeVisits.id} = any(${uuidArray(ids)})`);
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);
export const text = (v: unknown) => (typeof v === 'string' ? v : null);

function ownerOf(config: Record<string, unknown> | undefined): Alert['tag']['owner'] {
  const owner = config?.owner as { name?: unknown; personId?: unknown } | null | undefined;
  const name = text(owner?.name);
  return name === null ? null : { name, personId: text(owner?.personId) ?? '' };
}

/** The one place an alert row becomes SPEC §3's Alert (API answers and realtime events alike). */
export function toAlert(row: AlertRow, ctx: AlertContext): Alert {
  const zone = row.zoneId ? ctx.zones.get(row.zoneId) : undefined;
  const tag = ctx.tags.get(row.tagId);
  const visit = row.visitId ? ctx.visits?.get(row.visitId) : undefined;
  return {
    id: row.id,
    state: row.state as AlertState,
    mode: row.mode as AlertMode,
    dangerReason: (row.dangerReason as DangerReason | null) ?? null,
    location: zone
      ? {
          id: zone.id,
          name: zone.name,
          path: zone.path
            .map((id) => ctx.zones.get(id))
            .filter((z): z is ZoneInfo => !!z && z.level !== 'root')
            .map((z) => ({ id: z.id, name: z.name, level: z.level as ZoneLevel })),
        }
      : null,
    tag: { id: row.tagId, label: text(tag?.config.label), owner: ownerOf(tag?.config) },
    remote: visit ? { person: { name: visit.personName } } : null,
    visit: visit
      ? {
          id: visit.id,
          address: visit.address,
          point: homePointOf(visit.geometry),
          overdue: visit.overdueAlertId === row.id,
        }
      : null,
    gateway: row.gatewayId,
    pressCount: row.pressCount,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    lastPressAt: row.lastPressAt.toISOString(),
    acknowledged: row.acknowledgedAt !== null,
    acknowledgedAt: iso(row.acknowledgedAt),
    acknowledgedBy: row.acknowledgedBy ?? null,
    escalatedAt: iso(row.escalatedAt),
    closedAt: iso(row.closedAt),
    closedBy: row.closedBy ?? null,
    reasonCode: row.reasonCode,
    reasonText: row.reasonText,
    reasonDetails: row.reasonDetails ?? null,
  };
}

export async function toAlerts(db: Db | Tx, rows: readonly AlertRow[]): Promise<Alert[]> {
  const ctx = await loadAlertContext(db, rows);
  return rows.map((r) => toAlert(r, ctx));
}

/** SPEC §4 escalation delay of an alert's location (the organisation's for an unlocated alert). */
export function escalationDelayS(row: Pick<AlertRow, 'zoneId' | 'orgId'>, ctx: AlertContext): number {
  const zone = ctx.zones.get(row.zoneId ?? row.orgId) ?? ctx.zones.get(row.orgId);
  return inheritedEscalationDelayS((zone?.path ?? []).map((id) => ctx.zones.get(id)?.config));
}

// ── Transitions: history row + realtime event, inside the caller's transaction ──────────────────

/** The transitions subscriptions may be told of (issue 16), beside `created` (written by ingest). */
const NOTIFYING_ACTIONS: ReadonlySet<AlertHistoryAction> = new Set(['escalated', 'closed']);

/**
 * Keeps one transition of an alert with its time and actor (null: the device or the system); an
 * escalation or a close also writes its notification trigger (notifications/tables.ts), in the same
 * transaction, so no notification is lost to a crash after the change.
 */
export async function addHistory(
  tx: Tx | Db,
  alertId: string,
  action: AlertHistoryAction,
  actor: ActorRef | null,
  at: Date,
  details?: Record<string, unknown>,
): Promise<void> {
  await tx.insert(alertEvents).values({ alertId, action, actor, at, details: details ?? null });
  if (NOTIFYING_ACTIONS.has(action))
    await tx.execute(sql`insert into ${notificationTriggers} (org_id, kind, alert_id, at)
      select ${alerts.orgId}, ${action}, ${alerts.id}, ${at.toISOString()}::timestamptz from ${alerts}
      where ${alerts.id} = ${alertId}`);
}

/** Commits the alert's realtime event with the change (ARCHITECTURE §5): consoles of its zone hear of it. */
export async function publishAlert(tx: Tx | Db, row: AlertRow, ctx: AlertContext): Promise<Alert> {
  const [alert] = await publishAlerts(tx, [row], ctx);
  return alert!;
}

/** publishAlert for many alerts at once (one outbox insert, one NOTIFY), in this order. */
export async function publishAlerts(
  tx: Tx | Db,
  rows: readonly AlertRow[],
  ctx: AlertContext,
): Promise<Alert[]> {
  const events = rows.map((row) => alertEvent(row, ctx));
  await appendEvents(tx, events);
  return events.map((e) => e.payload.alert);
}

/** An alert's realtime event (SPEC §7 `alert`): the alert as the API shows it, with its zone's path for scoping. */
export function alertEvent(row: AlertRow, ctx: AlertContext) {
  const zone = row.zoneId ? ctx.zones.get(row.zoneId) : undefined;
  return {
    orgId: row.orgId,
    zoneId: zone?.id ?? null,
    zonePath: zone?.path ?? null,
    type: 'alert',
    payload: { type: 'alert', alert: toAlert(row, ctx) },
  };
}

// ── Reads ──────────────────────────────────────────────────────────────────────────────────────

/** Alerts inside the caller's scope (ARCHITECTURE §4 tenancy), like any located entity. */
export function alertInScope(scope: Scope): SQL {
  return locatedInScope(scope, alerts.zoneId, alerts.orgId);
}

/** Rows whose zone lies in the subtree of one of `ids`. */
export function inSubtrees(column: AnyPgColumn, ids: string[]): SQL {
  return sql`${column} in (select ${zones.id} from ${zones} where ${zones.path} && ${uuidArray(ids)})`;
}

export async function findAlert(db: Db | Tx, scope: Scope, id: string, forUpdate = false) {
  if (!UUID_RE.test(id)) return undefined;
  const query = db
    .select()
    .from(alerts)
    .where(and(eq(alerts.id, id), alertInScope(scope)))
    .limit(1);
  const [row] = forUpdate ? await query.for('update') : await query;
  return row;
}

/** How an alert's history and log name the caller. */
export const actorRefOf = (caller: Caller): ActorRef => ({ id: caller.id, name: caller.name });
