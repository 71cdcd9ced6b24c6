import { getTableColumns, sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../platform/db/client';
import { jsonArray, jsonRecordset } from '../platform/db/json-params';
import {
  alerts,
  buttonEvents,
  distributionStations,
  gateways,
  homeVisits,
  people,
  tags,
  zones,
} from '../db/schema';
import { outboxOrderSql } from '../platform/realtime/bus';
import type { AlertRow } from '../alerts';

import type { Item } from './batch-types';

/**
 * PGlite runs a transaction's statements back to back without giving the event loop a turn, so
 * posts arriving meanwhile would not even be read until it commits, and the next batch would be
 * small. A turn between the phases lets them queue for the next flush (on PostgreSQL it costs
 * nothing: every statement waits on the socket anyway).
 */
export const letRequestsIn = () => new Promise<void>((resolve) => setImmediate(resolve));

export async function rowsOf<T>(tx: Tx, query: SQL): Promise<T[]> {
  return ((await tx.execute(query)) as unknown as { rows: T[] }).rows;
}

/** What a batch reads before it decides anything: one statement. */
export type BatchReads = {
  /** Issue 21: `scan_mode` is the scan mode of the distribution station beside the gateway, if any. */
  gateways: { id: string; org_id: string; zone_id: string | null; scan_mode: string | null }[];
  tags: { id: string; org_id: string; zone_id: string | null; config: Record<string, unknown> }[];
  open: Record<string, unknown>[];
  claims: { org_id: string; tag_id: string; nonce: string; status: string; alert_id: string | null }[];
  zones: { id: string; name: string; level: string; path: string[]; config: Record<string, unknown> }[];
  /**
   * Issue 20: the visit each named tag's owner is checked in to (`tag_id` set), and the visits of
   * the open alerts, with who visits and the home's address. Times are ISO texts.
   */
  visits: {
    id: string;
    tag_id: string | null;
    home_zone_id: string;
    planned_start: string;
    planned_end: string;
    checked_in_at: string | null;
    checked_out_at: string | null;
    cancelled_at: string | null;
    overdue_alert_id: string | null;
    person_name: string;
    address: string;
    geometry: unknown;
  }[];
};

const ALERT_COLUMNS = Object.entries(getTableColumns(alerts));

/** An alerts row read as JSON (row_to_json) in the shape drizzle reads it. */
export function alertRowOf(json: Record<string, unknown>): AlertRow {
  const row: Record<string, unknown> = {};
  for (const [key, column] of ALERT_COLUMNS) {
    const value = json[column.name];
    row[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
  }
  return row as AlertRow;
}

/**
 * Reads, in one statement: the posts' gateways (with the scan mode of a distribution station beside
 * one, issue 21), the named tags with their zones and configs, every
 * named tag's open alert (locked, in tag order), which (tag, nonce) earlier transactions stored, and
 * the zones up to the root of every place an alert of this batch can be in (the payload's path, the
 * escalation delay), and the home visit each tag's owner is checked in to (issue 20: a press during
 * it is an alert at the home), found by the owner's person id through two index lookups. It also
 * takes the transaction's id before any outbox row takes a sequence number, and asks for the NOTIFY
 * delivered at commit (realtime.ts `outboxOrderSql`).
 */
export async function readBatch(tx: Tx, gatewayIds: Set<string>, tagIds: Set<string>, keys: Item[]) {
  const [reads] = await rowsOf<BatchReads>(
    tx,
    sql`with g as (
        select g.id, g.org_id, g.zone_id, (select s.scan_mode from ${distributionStations} s
          where s.gateway_id = g.id and s.org_id = g.org_id order by s.created_at limit 1) as scan_mode
        from ${gateways} g where g.id = any(${jsonArray(gatewayIds)})
      ), t as (
        select id, org_id, zone_id, config from ${tags} where id = any(${jsonArray(tagIds)})
      ), l as (
        select * from ${alerts} where tag_id = any(array(select id from t)) and closed_at is null
        order by tag_id for update
      ), c as (
        select b.org_id, b.tag_id, b.nonce, b.status, b.alert_id
        from ${jsonRecordset(
          keys.map((f) => ({ org_id: f.orgId, tag_id: f.event.tag, nonce: f.nonce })),
          'org_id uuid, tag_id text, nonce text',
        )}
        join lateral (select * from ${buttonEvents} b
          where b.org_id = v.org_id and b.tag_id = v.tag_id and b.nonce = v.nonce) b on true
      ), vc as (
        select distinct on (t.id) t.id as tag_id, hv.id as visit_id
        from t
        join ${people} p on p.org_id = t.org_id and p.person_id = t.config->'owner'->>'personId'
        join ${homeVisits} hv on hv.person_id = p.id and hv.checked_in_at is not null
          and hv.checked_out_at is null and hv.cancelled_at is null
        order by t.id, hv.checked_in_at desc
      ), v as (
        select hv.id, vc.tag_id, hv.home_zone_id, hv.planned_start, hv.planned_end, hv.checked_in_at,
          hv.checked_out_at, hv.cancelled_at, hv.overdue_alert_id, p.name as person_name,
          hz.name as address, hz.config->'geometry' as geometry
        from ${homeVisits} hv
        join ${people} p on p.id = hv.person_id
        join ${zones} hz on hz.id = hv.home_zone_id
        left join vc on vc.visit_id = hv.id
        where hv.id in (select visit_id from vc union select visit_id from l)
      ), z as (
        select id, name, level, path, config from ${zones} where id in (
          select unnest(p.path) from ${zones} p where p.id in (
            select zone_id from g union select org_id from g union select zone_id from t
            union select zone_id from l union select home_zone_id from v))
      )
      select ${outboxOrderSql},
        (select coalesce(json_agg(g), '[]') from g) as gateways,
        (select coalesce(json_agg(t), '[]') from t) as tags,
        (select coalesce(json_agg(l), '[]') from l) as open,
        (select coalesce(json_agg(c), '[]') from c) as claims,
        (select coalesce(json_agg(z), '[]') from z) as zones,
        (select coalesce(json_agg(v), '[]') from v) as visits`,
  );
  return reads!;
}
