import { sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../platform/db/client';
import { jsonArray, jsonRecordset } from '../platform/db/json-params';
import { alertEvents, alerts, buttonEvents, notificationTriggers, tags } from '../db/schema';
import { outboxInsertSql } from '../platform/realtime/bus';
import { alertEvent, type AlertContext, type AlertRow } from '../alerts';
import { IngestRace, type Item } from './batch-types';
import { rowsOf } from './read-batch';

import type { Applied, History } from './apply-presses';

type BatchWrite = {
  claims: Item[];
  fresh: AlertRow[];
  updated: AlertRow[];
  applied: Map<string, Applied>;
  ctx: AlertContext;
  now: Date;
};

/**
 * The batch's one writing statement: every claim with its answer, the new and changed alerts,
 * their history, their realtime events, and the last seen time of the tags the claims name.
 * Another writer that stored one of these claims, or opened an alert for one of these tags since
 * the batch read, makes it start again (IngestRace).
 */
export async function writeBatch(
  tx: Tx,
  { claims, fresh, updated, applied, ctx, now }: BatchWrite,
): Promise<void> {
  const rows = [...applied.values()].map((a) => a.row);
  const history = [...applied.values()].flatMap((a) => a.history);
  const at = now.toISOString();

  const [written] = await rowsOf<{ claims: number; opened: number }>(
    tx,
    sql`with c as (
        insert into ${buttonEvents} (org_id, tag_id, nonce, gateway_id, events, status, alert_id, received_at)
        select v.org_id, v.tag_id, v.nonce, v.gateway_id, v.events, v.status, v.alert_id, ${at}::timestamptz
        from ${claimValues(claims)}
        order by v.ord
        on conflict do nothing
        returning 1
      ), a as (
        insert into ${alerts} (id, org_id, zone_id, tag_id, gateway_id, state, mode, danger_reason,
          press_count, visit_id, last_press_at, created_at, updated_at)
        select v.id, v.org_id, v.zone_id, v.tag_id, v.gateway_id, v.state, v.mode, v.danger_reason,
          v.press_count, v.visit_id, ${at}::timestamptz, ${at}::timestamptz, ${at}::timestamptz
        from ${freshValues(fresh)}
        order by v.tag_id
        on conflict do nothing
        returning id, org_id
      ), t as (
        -- Issue 16: each new alert's notification trigger, committed with it.
        insert into ${notificationTriggers} (org_id, kind, alert_id, at)
        select org_id, 'created', id, ${at}::timestamptz from a
        returning 1
      ), u as (
        update ${alerts} a set mode = v.mode, danger_reason = v.danger_reason,
          press_count = v.press_count, last_press_at = ${at}::timestamptz, acknowledged_at = null,
          acknowledged_by = null, updated_at = ${at}::timestamptz
        from ${updatedValues(updated)}
        where a.id = v.id
        returning a.id
      ), h as (
        insert into ${alertEvents} (alert_id, action, details, at)
        select v.alert_id, v.action, v.details, ${at}::timestamptz
        from ${historyValues(history)}
        -- Not of an alert another writer's raced away (the batch then starts again, below).
        where v.alert_id in (select id from a union all select id from u)
        order by v.ord
        returning 1
      ), o as (${outboxInsertSql(rows.map((row) => alertEvent(row, ctx)))} returning 1
      ), s as (${lastSeenSql(claims, now)})
      select (select count(*) from c)::int as claims, (select count(*) from a)::int as opened,
        (select count(*) from u)::int as updated, (select count(*) from h)::int as history,
        (select count(*) from o)::int as events, (select count(*) from s)::int as seen,
        (select count(*) from t)::int as triggers`,
  );
  if (written!.claims !== claims.length || written!.opened !== fresh.length) {
    throw new IngestRace(
      `ingest raced another writer: ${written!.claims}/${claims.length} claims, ${written!.opened}/${fresh.length} alerts`,
    );
  }
}

/**
 * How far a tag's last seen may lag its latest sighting: the SPEC heartbeat period. A tag's row
 * carries ten indexes, so each write of it costs about as much as the rest of its button event;
 * a tag heard again and again (a burst of presses, a busy site) is written once a grain, not each
 * time.
 */
export const LAST_SEEN_GRAIN_MS = 60_000;

/**
 * SPEC §3 Tag state.updatedAt (the tag's last seen) set to this batch's time for every tag of the
 * organisation its new button events name, unless it is already within LAST_SEEN_GRAIN_MS of it; a
 * retry of a stored button event is no new sighting. The time only moves forward (ISO texts of one
 * form compare byte by byte as times), so a batch that started earlier but commits later leaves a
 * newer sighting alone. Tags another transaction holds locked (a console edit, another instance's
 * batch) are skipped, not waited for: a press never waits on a tag, and its next sighting sets it.
 */
function lastSeenSql(claims: Item[], now: Date): SQL {
  const orgOf: Record<string, string> = {};
  for (const c of claims) if (c.tag) orgOf[c.tag.id] = c.orgId;
  const at = now.toISOString();
  const stale = new Date(now.getTime() - LAST_SEEN_GRAIN_MS).toISOString();
  const older = (state: SQL) => sql`coalesce(${state}->>'updatedAt', '') collate "C" < ${stale}::text`;
  // The ids through `= any(…)`: an index lookup per tag, whatever the planner's statistics say. Only
  // the rows to write are locked (a lock is a write too); the update then checks the locked row.
  return sql`update ${tags} t set state = t.state || jsonb_build_object('updatedAt', ${at}::text)
        from (select x.id from ${tags} x
          where x.id = any(${jsonArray(Object.keys(orgOf))})
            and x.org_id::text = (${JSON.stringify(orgOf)}::jsonb ->> x.id)
            and ${older(sql`x.state`)}
          order by x.id for no key update skip locked) l
        where t.id = l.id and jsonb_typeof(t.state) = 'object' and ${older(sql`t.state`)}
        returning 1`;
}

/** The claims as rows of (org, tag, nonce) with their answers, in key order. */
function claimValues(claims: Item[]): SQL {
  return jsonRecordset(
    claims.map((f, ord) => ({
      ord,
      org_id: f.orgId,
      tag_id: f.event.tag,
      nonce: f.nonce,
      gateway_id: f.gatewayId,
      events: f.event.events,
      status: f.answer!.status,
      alert_id: f.answer!.alertId ?? null,
    })),
    'ord int, org_id uuid, tag_id text, nonce text, gateway_id text, events jsonb, status text, alert_id uuid',
  );
}

/** The alerts this batch opens. */
function freshValues(fresh: AlertRow[]): SQL {
  return jsonRecordset(
    fresh.map((r) => ({
      id: r.id,
      org_id: r.orgId,
      zone_id: r.zoneId,
      tag_id: r.tagId,
      gateway_id: r.gatewayId,
      state: r.state,
      mode: r.mode,
      danger_reason: r.dangerReason,
      press_count: r.pressCount,
      visit_id: r.visitId,
    })),
    `id uuid, org_id uuid, zone_id uuid, tag_id text, gateway_id text, state text, mode text,
          danger_reason text, press_count int, visit_id uuid`,
  );
}

/** What changes of the open alerts this batch joined. */
function updatedValues(updated: AlertRow[]): SQL {
  return jsonRecordset(
    updated.map((r) => ({
      id: r.id,
      mode: r.mode,
      danger_reason: r.dangerReason,
      press_count: r.pressCount,
    })),
    'id uuid, mode text, danger_reason text, press_count int',
  );
}

/** The history of every alert written, in order. */
function historyValues(history: History[]): SQL {
  return jsonRecordset(
    history.map((h, ord) => ({ ord, ...h })),
    'ord int, alert_id uuid, action text, details jsonb',
  );
}
