import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import { DISCONNECTED_THRESHOLD_MS } from '@vigil/domain';
import type { Db } from '../platform/db/client';
import { gateways, notificationTriggers, subscriptions } from '../db/schema';

// The moments no single change causes (issue 16): gateways that went quiet, and the daily digest of
// open flagged tags. A sweep, every minute on every instance, writes their triggers; a trigger's
// `details.key` is unique per organisation and kind, so two instances sweeping at once write it once.

/** The UTC hour the daily digest of flagged tags is written (NOTIFY_DIGEST_HOUR, default 7). */
export const DEFAULT_DIGEST_HOUR = 7;

/**
 * One trigger per organisation for the deployed gateways that have gone disconnected (SPEC §9: no
 * update for DISCONNECTED_THRESHOLD_MS) and were not reported since their last update — only where
 * a subscription asks for it. Resolves to how many triggers it wrote.
 */
export async function sweepDisconnectedGateways(db: Db, now = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - DISCONNECTED_THRESHOLD_MS).toISOString();
  const quiet = (await db.execute(sql`
    select g.org_id, g.id, g.zone_id, g.state->>'updatedAt' as updated_at
    from ${gateways} g
    where g.config->>'state' = 'deployed' and g.zone_id is not null
      and coalesce((g.state->>'updatedAt')::timestamptz, 'epoch') < ${cutoff}::timestamptz
      and exists (select 1 from ${subscriptions} s
        where s.org_id = g.org_id and s.paused_at is null and 'gatewaysDisconnected' = any(s.moments))
      and not exists (select 1 from ${notificationTriggers} t
        where t.org_id = g.org_id and t.kind = 'gatewaysDisconnected'
          and t.details->'gateways' @> jsonb_build_array(jsonb_build_object('id', g.id))
          and t.at > coalesce((g.state->>'updatedAt')::timestamptz, 'epoch'))
    order by g.org_id, g.id
    limit 5000`)) as unknown as {
    rows: { org_id: string; id: string; zone_id: string; updated_at: string | null }[];
  };
  const byOrg = new Map<string, typeof quiet.rows>();
  for (const row of quiet.rows) byOrg.set(row.org_id, [...(byOrg.get(row.org_id) ?? []), row]);
  let written = 0;
  for (const [orgId, rows] of byOrg) {
    const list = rows.map((r) => ({ id: r.id, zoneId: r.zone_id, lastSeen: r.updated_at }));
    const key = `gw:${crypto
      .createHash('sha256')
      .update(list.map((g) => `${g.id}@${g.lastSeen}`).join(','))
      .digest('hex')
      .slice(0, 32)}`;
    const inserted = await db
      .insert(notificationTriggers)
      .values({ orgId, kind: 'gatewaysDisconnected', details: { key, gateways: list }, at: now })
      .onConflictDoNothing()
      .returning({ id: notificationTriggers.id });
    written += inserted.length;
  }
  return written;
}

/**
 * The day's digest trigger of each organisation that has a digest subscription, once `now` is past
 * the digest hour (UTC). Resolves to how many it wrote.
 */
export async function sweepFlaggedDigest(
  db: Db,
  hour = DEFAULT_DIGEST_HOUR,
  now = new Date(),
): Promise<number> {
  if (now.getUTCHours() < hour) return 0;
  const day = now.toISOString().slice(0, 10);
  const written = (await db.execute(sql`
    insert into ${notificationTriggers} (org_id, kind, details, at)
    select distinct s.org_id, 'flaggedDigest', jsonb_build_object('key', ${`digest:${day}`}::text), ${now.toISOString()}::timestamptz
    from ${subscriptions} s
    where s.paused_at is null and 'flaggedDigest' = any(s.moments)
    on conflict do nothing
    returning 1`)) as unknown as { rows: unknown[] };
  return written.rows.length;
}
