import { sql } from 'drizzle-orm';
import { CONTACT_KIND_LABELS } from '@vigil/domain';
import { CONTACT_CHANNEL } from './channels';
import type { Db } from '../platform/db/client';
import { jsonRecordset } from '../platform/db/json-params';
import { alerts, notifications, notificationTriggers, subscriptions, users, zones } from '../db/schema';

// Step 2 of a notification (tables.ts): unprocessed triggers become deliveries, one per matching
// subscription and moment, and are marked processed — one statement, so a crash leaves either
// both or neither. Triggers are claimed FOR UPDATE SKIP LOCKED: with several instances each
// trigger is fanned out once; the unique (trigger, subscription, moment) index makes a repeat
// harmless anyway.

/** Triggers one statement takes at most. */
const BATCH = 200;

/** How a contact kind is delivered (domain CONTACT_CHANNEL), as rows the statement joins. */
const KIND_CHANNELS = jsonRecordset(
  Object.entries(CONTACT_CHANNEL).map(([kind, channel]) => ({
    kind,
    channel,
    label: CONTACT_KIND_LABELS[kind as keyof typeof CONTACT_KIND_LABELS],
  })),
  'kind text, channel text, label text',
  'k',
);

/**
 * Fans out one batch of triggers; resolves to how many triggers and deliveries it wrote. The
 * subscription matches as the domain's subscriptionMatches says: not paused, the moment and the
 * alert's mode named, the alert's zone inside its subtree (an unlocated alert: the organisation).
 * A new alert also makes the 'still unacknowledged' deliveries, due that many seconds after it. A
 * sweep's trigger (sweeps.ts) goes to the subscriptions of its moment whose subtree it concerns,
 * and so does a station's below its minimum inventory (issue 21).
 */
export async function fanOut(db: Db): Promise<{ triggers: number; deliveries: number }> {
  const result = await db.execute(sql`
    with t as (
      select id, org_id, kind, alert_id, subscription_id, details, at from ${notificationTriggers}
      where processed_at is null
      order by id
      limit ${BATCH}
      for update skip locked
    ), ta as (
      select t.*, a.mode, a.created_at as alert_created_at,
        coalesce(z.path, array[t.org_id]) as zone_path
      from t
      left join ${alerts} a on a.id = t.alert_id
      left join ${zones} z on z.id = a.zone_id
    ), matched as (
      -- An alert moment: every subscription of the subtree that names it.
      select ta.id as trigger_id, ta.org_id, ta.alert_id, s.id as subscription_id, ta.kind as moment,
        ta.at as due_at, s.user_id, s.contact_name, s.contact_kind, s.contact_address
      from ta join ${subscriptions} s on s.org_id = ta.org_id
      where ta.kind in ('created', 'escalated', 'closed')
        and s.paused_at is null and ta.kind = any(s.moments) and ta.mode = any(s.modes)
        and s.zone_id = any(ta.zone_path)
      union all
      -- A new alert that nobody acknowledges within the subscription's delay.
      select ta.id, ta.org_id, ta.alert_id, s.id, 'unacknowledged',
        ta.alert_created_at + make_interval(secs => s.unacknowledged_after_s), s.user_id, s.contact_name,
        s.contact_kind, s.contact_address
      from ta join ${subscriptions} s on s.org_id = ta.org_id
      where ta.kind = 'created' and s.paused_at is null and 'unacknowledged' = any(s.moments)
        and s.unacknowledged_after_s is not null and ta.mode = any(s.modes) and s.zone_id = any(ta.zone_path)
      union all
      -- A test message: its subscription alone, paused or not.
      select ta.id, ta.org_id, null, s.id, 'test', ta.at, s.user_id, s.contact_name, s.contact_kind,
        s.contact_address
      from ta join ${subscriptions} s on s.id = ta.subscription_id and s.org_id = ta.org_id
      where ta.kind = 'test'
      union all
      -- A sweep's gateways: subscriptions of a subtree holding one of them (sweeps.ts).
      select ta.id, ta.org_id, null, s.id, ta.kind, ta.at, s.user_id, s.contact_name, s.contact_kind,
        s.contact_address
      from ta join ${subscriptions} s on s.org_id = ta.org_id
      where ta.kind = 'gatewaysDisconnected' and s.paused_at is null and ta.kind = any(s.moments)
        and exists (select 1 from jsonb_array_elements(ta.details->'gateways') g
          join ${zones} gz on gz.id = (g->>'zoneId')::uuid where s.zone_id = any(gz.path))
      union all
      -- The daily digest: every digest subscription of the organisation.
      select ta.id, ta.org_id, null, s.id, ta.kind, ta.at, s.user_id, s.contact_name, s.contact_kind,
        s.contact_address
      from ta join ${subscriptions} s on s.org_id = ta.org_id
      where ta.kind = 'flaggedDigest' and s.paused_at is null and ta.kind = any(s.moments)
      union all
      -- A distribution station below its minimum (stations/inventory.ts): subscriptions of a subtree
      -- holding its zone; a station without one is the organisation's.
      select ta.id, ta.org_id, null, s.id, ta.kind, ta.at, s.user_id, s.contact_name, s.contact_kind,
        s.contact_address
      from ta join ${subscriptions} s on s.org_id = ta.org_id
      where ta.kind = 'stationBelowMinimum' and s.paused_at is null and ta.kind = any(s.moments)
        and s.zone_id = any(coalesce((select sz.path from ${zones} sz
          where sz.id = (ta.details->>'zoneId')::uuid), array[ta.org_id]))
    ), d as (
      insert into ${notifications} (org_id, trigger_id, subscription_id, alert_id, moment, recipient, channel,
        address, idempotency_key, due_at)
      select m.org_id, m.trigger_id, m.subscription_id, m.alert_id, m.moment,
        case when m.user_id is not null then u.name || ' (e-mail)' else m.contact_name || ' (' || k.label || ')' end,
        case when m.user_id is not null then 'email' else k.channel end,
        case when m.user_id is not null then u.email else m.contact_address end,
        'vigil-' || m.trigger_id || '-' || m.subscription_id || '-' || m.moment,
        m.due_at
      from matched m
      left join ${users} u on u.id = m.user_id
      left join ${KIND_CHANNELS} on k.kind = m.contact_kind
      where (m.user_id is not null and u.id is not null) or k.channel is not null
      on conflict do nothing
      returning 1
    ), done as (
      update ${notificationTriggers} set processed_at = now() where id in (select id from t)
      returning 1
    )
    select (select count(*) from done)::int as triggers, (select count(*) from d)::int as deliveries`);
  const [row] = (result as unknown as { rows: { triggers: number; deliveries: number }[] }).rows;
  return { triggers: row?.triggers ?? 0, deliveries: row?.deliveries ?? 0 };
}
