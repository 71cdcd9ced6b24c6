import { and, sql } from 'drizzle-orm';
import { type AlertErrorLogBody } from '@vigil/domain';
import type { Db } from '../platform/db/client';
import { alertClientErrors, alerts, tags } from '../db/schema';
import { HttpError } from '../platform/errors';
import { parseListQueryOrThrow, runList, type ListSpec } from '../platform/list/list';
import { type Scope } from '../platform/scope';
import type { Actor } from '../platform/caller';

import { UUID_RE, actorRefOf, alertInScope, inSubtrees, toAlerts } from './alert-rows';
import { assertAlertInScope } from './get-alert';

const ownerNameSql = sql`(select ${tags.config}->'owner'->>'name' from ${tags} where ${tags.id} = ${alerts.tagId})`;

export const alertLogSpec: ListSpec = {
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
    actor: actorRefOf(caller),
    requestId: actor.requestId,
  });
}
