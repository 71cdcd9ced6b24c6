import { and, asc, desc, eq, isNull, ne, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import {
  DEFAULT_ESCALATION_DELAY_S,
  REASON_TEXT_REQUIRED_REASON,
  mayAcknowledge,
  mayClose,
  validateAlertClose,
  type Alert,
  type AlertDetail,
  type AlertErrorLogBody,
  type AlertHistoryAction,
  type AlertHistoryEntry,
  type AlertMode,
  type AlertState,
  type AlertUpdateBody,
  type AlertsQuery,
  type DangerReason,
  type ZoneLevel,
} from '@vigil/domain';
import type { Db, Tx } from '../platform/db/client';
import { jsonArray } from '../platform/db/json-params';
import { alertClientErrors, alertEvents, alerts, tags, zones } from '../db/schema';
import { HttpError, conflict, forbidden, notFound } from '../platform/errors';
import { writeAudit } from '../platform/audit';
import { parseListQueryOrThrow, runList, type ListSpec } from '../platform/list/list';
import { appendEvents } from '../platform/realtime/bus';
import { type Scope } from '../platform/scope';
import type { Caller, Actor } from '../platform/caller';
import { locatedInScope } from '../platform/scope-sql';

export type AlertRow = typeof alerts.$inferSelect;
export type ActorRef = { id: string; name: string };

type ZoneInfo = { id: string; name: string; level: string; path: string[]; config: Record<string, unknown> };
type TagInfo = { id: string; config: Record<string, unknown> };

/** What `toAlert` reads besides the row: the zones on the alerts' paths and their tags. */
export type AlertContext = { zones: Map<string, ZoneInfo>; tags: Map<string, TagInfo> };

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const uuidArray = (ids: string[]) => sql`${`{${ids.join(',')}}`}::uuid[]`;

/** Loads, in two queries, what `toAlert` needs for these rows (zones up to the root, tags). */
export async function loadAlertContext(db: Db | Tx, rows: readonly AlertRow[]): Promise<AlertContext> {
  // The organisation too: an unlocated alert takes its escalation delay from there.
  const zoneIds = [...new Set(rows.flatMap((r) => (r.zoneId ? [r.zoneId, r.orgId] : [r.orgId])))];
  const tagIds = [...new Set(rows.map((r) => r.tagId))];
  const [zoneRows, tagRows] = await Promise.all([
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
  ]);
  return {
    zones: new Map(zoneRows.map((z) => [z.id, z])),
    tags: new Map(tagRows.map((t) => [t.id, t])),
  };
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);
const text = (v: unknown) => (typeof v === 'string' ? v : null);

function ownerOf(config: Record<string, unknown> | undefined): Alert['tag']['owner'] {
  const owner = config?.owner as { name?: unknown; personId?: unknown } | null | undefined;
  const name = text(owner?.name);
  return name === null ? null : { name, personId: text(owner?.personId) ?? '' };
}

/** The one place an alert row becomes SPEC §3's Alert (API answers and realtime events alike). */
export function toAlert(row: AlertRow, ctx: AlertContext): Alert {
  const zone = row.zoneId ? ctx.zones.get(row.zoneId) : undefined;
  const tag = ctx.tags.get(row.tagId);
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
    remote: null,
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

/**
 * SPEC §4 escalation delay of an alert's location: the nearest `config.escalationDelayS` on its zone
 * path (the organisation's for an unlocated alert), else DEFAULT_ESCALATION_DELAY_S.
 */
export function escalationDelayS(row: Pick<AlertRow, 'zoneId' | 'orgId'>, ctx: AlertContext): number {
  const zone = ctx.zones.get(row.zoneId ?? row.orgId) ?? ctx.zones.get(row.orgId);
  for (const id of [...(zone?.path ?? [])].reverse()) {
    const delay = ctx.zones.get(id)?.config.escalationDelayS;
    if (typeof delay === 'number' && Number.isFinite(delay) && delay > 0) return delay;
  }
  return DEFAULT_ESCALATION_DELAY_S;
}

// ── Transitions: history row + realtime event, inside the caller's transaction ──────────────────

/** Keeps one transition of an alert with its time and actor (null: the device or the system). */
export async function addHistory(
  tx: Tx | Db,
  alertId: string,
  action: AlertHistoryAction,
  actor: ActorRef | null,
  at: Date,
  details?: Record<string, unknown>,
): Promise<void> {
  await tx.insert(alertEvents).values({ alertId, action, actor, at, details: details ?? null });
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
function inSubtrees(column: AnyPgColumn, ids: string[]): SQL {
  return sql`${column} in (select ${zones.id} from ${zones} where ${zones.path} && ${uuidArray(ids)})`;
}

async function findAlert(db: Db | Tx, scope: Scope, id: string, forUpdate = false) {
  if (!UUID_RE.test(id)) return undefined;
  const query = db
    .select()
    .from(alerts)
    .where(and(eq(alerts.id, id), alertInScope(scope)))
    .limit(1);
  const [row] = forUpdate ? await query.for('update') : await query;
  return row;
}

/**
 * GET /api/alerts (SPEC §7): every open alert in scope, newest first, unpaged (an alert on a second
 * page is a hidden alert). `zones` and the caller's `location` narrow; neither widens the scope.
 */
export async function listOpenAlerts(db: Db, caller: Caller, query: AlertsQuery) {
  if (query.test && !caller.ability.can('read', 'Alert', 'test')) {
    throw forbidden('Not allowed to read Alert test');
  }
  const where: SQL[] = [isNull(alerts.closedAt), alertInScope(caller.scope)];
  if (!query.test) where.push(ne(alerts.mode, 'test'));
  if (query.zones?.length) where.push(inSubtrees(alerts.zoneId, query.zones));
  if (caller.location.length) where.push(inSubtrees(alerts.zoneId, caller.location));
  const rows = await db
    .select()
    .from(alerts)
    .where(and(...where))
    .orderBy(desc(alerts.createdAt), desc(alerts.id));
  const data = await toAlerts(db, rows);
  return { data, total: data.length };
}

/** GET /api/alerts/{id}: the alert and its history, oldest first. */
export async function getAlert(db: Db, scope: Scope, id: string): Promise<AlertDetail> {
  const row = await findAlert(db, scope, id);
  if (!row) throw notFound('Alert not found');
  const [[alert], history] = await Promise.all([
    toAlerts(db, [row]),
    db
      .select()
      .from(alertEvents)
      .where(eq(alertEvents.alertId, id))
      .orderBy(asc(alertEvents.at), asc(alertEvents.id)),
  ]);
  return {
    ...alert,
    history: history.map((h): AlertHistoryEntry => {
      const entry: AlertHistoryEntry = {
        at: h.at.toISOString(),
        action: h.action as AlertHistoryAction,
        actor: h.actor ?? null,
      };
      return h.details ? { ...entry, details: h.details } : entry;
    }),
  };
}

const ownerNameSql = sql`(select ${tags.config}->'owner'->>'name' from ${tags} where ${tags.id} = ${alerts.tagId})`;

const alertLogSpec: ListSpec = {
  fields: {
    state: { sql: alerts.state, type: 'text' },
    mode: { sql: alerts.mode, type: 'text' },
    dangerReason: { sql: alerts.dangerReason, type: 'text' },
    tag: { sql: alerts.tagId, type: 'text' },
    reasonCode: { sql: alerts.reasonCode, type: 'text' },
    createdAt: { sql: alerts.createdAt, type: 'timestamp' },
    closedAt: { sql: alerts.closedAt, type: 'timestamp' },
    acknowledgedAt: { sql: alerts.acknowledgedAt, type: 'timestamp' },
  },
  sortable: {
    createdAt: alerts.createdAt,
    closedAt: alerts.closedAt,
    state: alerts.state,
    mode: alerts.mode,
  },
  defaultOrder: '-createdAt',
  idColumn: alerts.id,
  search: [alerts.tagId, ownerNameSql],
};

/** `zone=<id>` (repeated or comma-separated): alerts located in those zones' subtrees. */
function zoneParam(raw: unknown): string[] {
  if (raw === undefined || raw === '') return [];
  const values = (Array.isArray(raw) ? raw : [raw]).flatMap((v) => String(v).split(','));
  const ids = values.map((v) => v.trim()).filter(Boolean);
  if (ids.length > 200 || ids.some((id) => !UUID_RE.test(id))) {
    throw new HttpError(400, 'zone must be zone ids', 'invalid_list_query', 'zone');
  }
  return ids;
}

/** GET /api/log/alerts: open and closed alerts through the list contract, inside the scope. */
export async function listAlertLog(db: Db, scope: Scope, query: Record<string, unknown>) {
  const zoneIds = zoneParam(query.zone);
  const parsed = parseListQueryOrThrow(query, alertLogSpec);
  const where = zoneIds.length
    ? and(alertInScope(scope), inSubtrees(alerts.zoneId, zoneIds))
    : alertInScope(scope);
  const page = await runList(db, alerts, alertLogSpec, parsed, where);
  return { ...page, data: await toAlerts(db, page.data) };
}

/** An alert of the caller's scope, or 404 (another organisation's alert included). */
export async function assertAlertInScope(db: Db, scope: Scope, id: string): Promise<AlertRow> {
  const row = await findAlert(db, scope, id);
  if (!row) throw notFound('Alert not found');
  return row;
}

// ── Writes ─────────────────────────────────────────────────────────────────────────────────────

const actorOf = (caller: Caller): ActorRef => ({ id: caller.id, name: caller.name });

/**
 * PUT /api/alerts/{id} (SPEC §4, §5): acknowledge (by whom, when; the first acknowledgement is kept)
 * or close with a reason checked by validateAlertClose. Change, history, realtime event and audit
 * land in one transaction.
 */
export async function updateAlert(
  db: Db,
  actor: Actor,
  id: string,
  body: AlertUpdateBody,
): Promise<{ alert: Alert; row: AlertRow }> {
  const caller = actor.caller;
  return db.transaction(async (tx) => {
    const row = await findAlert(tx, caller.scope, id, true);
    if (!row) throw notFound('Alert not found');
    const ctx = await loadAlertContext(tx, [row]);
    const before = toAlert(row, ctx);
    const now = new Date();
    let updated: AlertRow;
    let action: AlertHistoryAction;
    let details: Record<string, unknown> | undefined;

    if ('acknowledged' in body) {
      const verdict = mayAcknowledge(row);
      if (!verdict.ok) throw conflict(verdict.reason, verdict.code);
      if (row.acknowledgedAt) return { alert: before, row };
      [updated] = await tx
        .update(alerts)
        .set({ acknowledgedAt: now, acknowledgedBy: actorOf(caller), updatedAt: now })
        .where(eq(alerts.id, row.id))
        .returning();
      action = 'acknowledged';
    } else {
      const verdict = mayClose(row);
      if (!verdict.ok) throw conflict(verdict.reason, verdict.code);
      const close = validateAlertClose(body, { reasonDetailsFlag: caller.flags.reasonDetails === true });
      if (!close.ok) {
        const field = close.questionId
          ? `reasonDetails.${close.questionId}`
          : close.reason === REASON_TEXT_REQUIRED_REASON
            ? 'reasonText'
            : 'reasonCode';
        throw new HttpError(400, close.reason, 'invalid_reason', field);
      }
      [updated] = await tx
        .update(alerts)
        .set({
          state: 'closed',
          closedAt: now,
          closedBy: actorOf(caller),
          reasonCode: close.value.reasonCode,
          reasonText: close.value.reasonText,
          reasonDetails: close.value.reasonDetails,
          updatedAt: now,
        })
        .where(eq(alerts.id, row.id))
        .returning();
      action = 'closed';
      details = { reasonCode: close.value.reasonCode };
    }
    await addHistory(tx, row.id, action, actorOf(caller), now, details);
    const alert = await publishAlert(tx, updated!, ctx);
    await writeAudit(tx, actor, {
      entity: 'alert',
      entityId: row.id,
      action: action === 'closed' ? 'close' : 'acknowledge',
      before,
      after: alert,
    });
    return { alert, row: updated! };
  });
}

/** POST /api/log/alerts/error/{id}: kept for support; the alert must be one the caller may see. */
export async function logAlertClientError(
  db: Db,
  actor: Actor,
  id: string,
  body: AlertErrorLogBody,
): Promise<void> {
  const caller = actor.caller;
  const row = await assertAlertInScope(db, caller.scope, id);
  await db.insert(alertClientErrors).values({
    orgId: row.orgId,
    alertId: row.id,
    tag: body.tag,
    clientLastRefreshDelta: body.clientLastRefreshDelta,
    actor: actorOf(caller),
    requestId: actor.requestId,
  });
}
