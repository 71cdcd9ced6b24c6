import crypto from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../platform/db/client';
import { rollupRowCount, withRollupsRebuilt } from '../analytics';
import { zones } from './schema';
import { ScaleSeedRefused, withForeignKeysCheckedAfter, withoutSecondaryIndexes } from './seed-scale';

// `vigil seed --alerts N --days D [--org slug]` (issue 18): an organisation's alert history for
// analytics, built by the database itself (INSERT … SELECT over generate_series, in chunks) with
// the alerts' indexes and foreign keys set aside during the load and the analytics rollups
// recomputed once at the end, all in one transaction. Values come from hashint4 of the row number
// and of a number drawn per run, so a second run adds other alerts.

export type AlertSeedOptions = {
  alerts: number;
  days: number;
  /** The organisation's slug (it must exist). */
  org: string;
  log?: (line: string) => void;
};

export type AlertSeedReport = {
  orgId: string;
  alerts: number;
  zones: number;
  rollupRows: number;
  ms: number;
};

export const ALERT_SEED_MAX = 5_000_000;
export const ALERT_SEED_MAX_DAYS = 3650;
/** Rows per INSERT … SELECT. */
const CHUNK = 100_000;

/** Seeds `opts.alerts` closed alerts over the last `opts.days` days; ScaleSeedRefused for bad options. */
export async function seedAlerts(db: Db, opts: AlertSeedOptions): Promise<AlertSeedReport> {
  const started = performance.now();
  const log = opts.log ?? (() => undefined);
  if (!Number.isInteger(opts.alerts) || opts.alerts < 0 || opts.alerts > ALERT_SEED_MAX)
    throw new ScaleSeedRefused(`--alerts must be a whole number from 0 to ${ALERT_SEED_MAX}`);
  if (!Number.isInteger(opts.days) || opts.days < 1 || opts.days > ALERT_SEED_MAX_DAYS)
    throw new ScaleSeedRefused(`--days must be a whole number from 1 to ${ALERT_SEED_MAX_DAYS}`);
  const [org] = await db
    .select({ id: zones.id })
    .from(zones)
    .where(and(eq(zones.slug, opts.org), eq(zones.level, 'org')))
    .limit(1);
  if (!org) throw new ScaleSeedRefused(`No organisation with slug "${opts.org}"`);
  const places = await alertZones(db, org.id);
  log(`alerts: ${places.zones.length} zones to place them in`);

  await db.transaction(async (txn) => {
    const tx = txn as unknown as Db;
    const since = timer();
    await withRollupsRebuilt(tx, org.id, async () => {
      await withoutSecondaryIndexes(tx, 'alerts', log, () =>
        withForeignKeysCheckedAfter(tx, 'alerts', async () => {
          const run = crypto.randomInt(1, 0x0fffffff);
          for (let from = 1; from <= opts.alerts; from += CHUNK) {
            const to = Math.min(opts.alerts, from + CHUNK - 1);
            await insertAlerts(tx, {
              orgId: org.id,
              run,
              total: opts.alerts,
              days: opts.days,
              from,
              to,
              ...places,
            });
            log(`alerts: ${to} / ${opts.alerts} (${since()})`);
          }
        }),
      );
      log(`alerts: indexes and foreign keys back (${since()})`);
    });
    log(`analytics rollups rebuilt (${since()})`);
  });
  // Statistics for the planner and the visibility map (embedded PGlite runs no autovacuum).
  for (const table of ['alerts', 'analytics_alert_days'])
    await db.execute(sql.raw(`vacuum analyze ${table}`));
  return {
    orgId: org.id,
    alerts: opts.alerts,
    zones: places.zones.length,
    rollupRows: await rollupRowCount(db, org.id),
    ms: performance.now() - started,
  };
}

/** Seconds since it was made, as text for the log. */
function timer(): () => string {
  const started = performance.now();
  return () => `${((performance.now() - started) / 1000).toFixed(1)} s`;
}

type Places = {
  zones: string[];
  tags: string[];
  gateways: string[];
  responders: { id: string; name: string }[];
};

/**
 * Where alerts happen: the units and areas that hold a gateway (else every area, else the
 * organisation), the organisation's tags and gateways, and its users as responders.
 */
async function alertZones(db: Db, orgId: string): Promise<Places> {
  const ids = async (query: ReturnType<typeof sql>) =>
    ((await db.execute(query)) as unknown as { rows: { id: string }[] }).rows.map((r) => r.id);
  let places = await ids(sql`select distinct z.id from gateways g join zones z on z.id = g.zone_id
    where g.org_id = ${orgId}::uuid and z.level in ('unit', 'area') order by z.id`);
  if (places.length === 0) {
    places = await ids(
      sql`select id from zones where level = 'area' and path @> array[${orgId}::uuid] order by id`,
    );
  }
  const tags = await ids(sql`select id from tags where org_id = ${orgId}::uuid order by id limit 5000`);
  const gateways = await ids(
    sql`select id from gateways where org_id = ${orgId}::uuid order by id limit 5000`,
  );
  const responders = (
    (await db.execute(sql`select id::text as id, name from users where zone_id in
      (select id from zones where path @> array[${orgId}::uuid]) order by email limit 20`)) as unknown as {
      rows: { id: string; name: string }[];
    }
  ).rows;
  return {
    zones: places.length > 0 ? places : [orgId],
    tags: tags.length > 0 ? tags : ['a5eed0000001', 'a5eed0000002', 'a5eed0000003'],
    gateways,
    responders: responders.length > 0 ? responders : [{ id: 'seed', name: 'Seeded responder' }],
  };
}

/** hashint4 & MASK: a non-negative int (abs() overflows on the smallest int). */
const MASK = sql.raw('2147483647');
const uuidArray = (values: readonly string[]) => sql`${`{${values.join(',')}}`}::uuid[]`;
/** A short list of plain words as text[] (a jsonb array reads faster for long lists of ids). */
const textArray = (values: readonly string[]) => sql`${`{${values.join(',')}}`}::text[]`;

type AlertChunk = Places & {
  orgId: string;
  run: number;
  total: number;
  days: number;
  from: number;
  to: number;
};

/**
 * One chunk of closed alerts, evenly spread over the days and ordered in time (the primary key's
 * ids are time-ordered too, so each chunk appends). The mix: 85 % help, 13 % danger (a fifth of
 * them active shooter), 2 % test; acknowledged after a log-normal wait around 40 s (p90 ≈ 100 s),
 * 3 % never, 0.5 % after 10 minutes to 3 hours; closed some 4 minutes later; escalated when
 * unanswered for 60 s; 70 % resolved (60 % of those with SPEC §5 incident details), 30 % ignored.
 */
async function insertAlerts(db: Db, c: AlertChunk): Promise<void> {
  const responders = JSON.stringify(c.responders);
  await db.execute(sql`
    insert into alerts (id, org_id, zone_id, tag_id, gateway_id, state, mode, danger_reason, press_count,
      last_press_at, acknowledged_at, acknowledged_by, escalated_at, closed_at, closed_by, reason_code,
      reason_text, reason_details, created_at, updated_at)
    select
      (lpad(to_hex((extract(epoch from s.created) * 1000)::bigint), 12, '0') || '7' || lpad(to_hex(s.h1 % 4096), 3, '0')
        || '8' || lpad(to_hex(${c.run}::int), 7, '0') || lpad(to_hex(s.n), 8, '0'))::uuid,
      ${c.orgId}::uuid, s.zone, s.tag, s.gateway, 'closed', s.mode,
      case when s.mode = 'danger' then case when s.h2 % 5 = 0 then 'activeShooter' else 'other' end end,
      1 + (s.h3 % 7 = 0)::int, s.created + make_interval(secs => (s.h3 % 7 = 0)::int * 4),
      s.acknowledged, case when s.acknowledged is not null then s.responder end,
      case when s.mode <> 'test' and coalesce(s.acknowledged, s.closed) > s.created + interval '60 seconds'
        then s.created + interval '60 seconds' end,
      s.closed, s.responder, s.reason,
      case when s.reason like '%_other' then 'Seeded: ' || case when s.reason = 'ignored_other' then 'badge dropped' else 'handled on site' end end,
      case when s.reason like 'resolved_%' and s.h4 % 10 < 6 then jsonb_strip_nulls(jsonb_build_object(
        'category', s.category, 'categoryText', case when s.category = 'other' then 'Seeded: unlisted incident' end,
        'source', s.source, 'injury', s.injury,
        'target', case when s.injury = 'yes' then s.target end,
        'targetText', case when s.injury = 'yes' and s.target ? 'other' then 'Seeded: bystander' end)) end,
      s.created, s.closed
    from (
      select t.*,
        case when t.acknowledge_s is not null
          then least(t.created + make_interval(secs => t.acknowledge_s), t.closed) end as acknowledged
      from (
        select r.*,
          least(r.created + make_interval(secs => coalesce(r.acknowledge_s, 0)
            + exp(ln(240) + 0.6 * sqrt(-2 * ln(r.u3)) * cos(2 * pi() * r.u4))), now()) as closed,
          case when r.mode = 'test' then 'test'
            when r.h4 % 100 < 45 then 'resolved_assistance_provided'
            when r.h4 % 100 < 65 then 'resolved_incident_handled'
            when r.h4 % 100 < 70 then 'resolved_other'
            when r.h4 % 100 < 85 then 'ignored_false_alarm'
            when r.h4 % 100 < 97 then 'ignored_accidental_press'
            else 'ignored_other' end as reason,
          (${textArray(['verbal', 'verbal', 'verbal', 'physical', 'physical', 'self_harm', 'elopement', 'disruptive', 'disruptive', 'unsafe', 'other'])})[1 + r.h5 % 11] as category,
          (${textArray(['patient', 'patient', 'patient', 'patient', 'patient', 'patient', 'visitor', 'visitor', 'employee', 'unknown'])})[1 + r.h5 / 11 % 10] as source,
          case when r.h5 / 110 % 100 < 15 then 'yes' when r.h5 / 110 % 100 < 90 then 'no' else 'unknown' end as injury,
          case when r.h6 % 3 = 0 then jsonb_build_array('patient', 'employee')
            else jsonb_build_array((${textArray(['patient', 'employee', 'visitor', 'self', 'other'])})[1 + r.h6 % 5]) end as target,
          (${responders}::jsonb)->(r.h6 % ${c.responders.length}::int) as responder
        from (
          select h.*,
            (${uuidArray(c.zones)})[1 + floor(${c.zones.length}::int * power(h.h2::float8 / 1000000, 1.6))::int] as zone,
            (${JSON.stringify(c.tags)}::jsonb)->>(h.h3 % ${c.tags.length}::int) as tag,
            ${c.gateways.length > 0 ? sql`(${JSON.stringify(c.gateways)}::jsonb)->>(h.h5 % ${c.gateways.length}::int)` : sql`null::text`} as gateway,
            case when h.h1 % 1000 < 850 then 'help' when h.h1 % 1000 < 980 then 'danger' else 'test' end as mode,
            case when h.h6 % 1000 < 5 then 600 + h.h3 % 10800
              when h.h6 % 1000 < 35 then null
              else exp(ln(40) + 0.75 * sqrt(-2 * ln(h.u1)) * cos(2 * pi() * h.u2)) end as acknowledge_s,
            now() - interval '2 hours' - make_interval(days => ${c.days}::int) + make_interval(secs =>
              (${c.days}::int * 86400 - 7200)::float8 * (h.n - 1 + (h.h4 % 1000)::float8 / 1000) / ${c.total}::float8) as created
          from (
            select n,
              hashint4(n + ${c.run}::int) & ${MASK} as h1,
              (hashint4(n + ${c.run}::int + 1000003) & ${MASK}) % 1000000 as h2,
              hashint4(n + ${c.run}::int + 2000003) & ${MASK} as h3,
              hashint4(n + ${c.run}::int + 3000017) & ${MASK} as h4,
              hashint4(n + ${c.run}::int + 4000037) & ${MASK} as h5,
              hashint4(n + ${c.run}::int + 5000011) & ${MASK} as h6,
              ((hashint4(n + ${c.run}::int + 6000011) & ${MASK}) % 1000000 + 0.5::float8) / 1000000 as u1,
              ((hashint4(n + ${c.run}::int + 7000003) & ${MASK}) % 1000000)::float8 / 1000000 as u2,
              ((hashint4(n + ${c.run}::int + 8000009) & ${MASK}) % 1000000 + 0.5::float8) / 1000000 as u3,
              ((hashint4(n + ${c.run}::int + 9000011) & ${MASK}) % 1000000)::float8 / 1000000 as u4
            from generate_series(${c.from}::int, ${c.to}::int) n
          ) h
        ) r
      ) t
    ) s`);
}
