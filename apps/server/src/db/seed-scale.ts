import crypto from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../platform/db/client';
import { distributionStations, zones } from './schema';

// `vigil seed --tags N --gateways M [--org slug]`: an organisation
// filled with realistic devices for benchmarks and demos. Rows are built by the database itself
// (INSERT … SELECT over generate_series, in chunks), because one statement per row tops out near
// 1,000 rows/s on PGlite (ARCHITECTURE §8). Values come from hashint4 of the row number, so two
// runs of the same size give the same devices.

export type ScaleSeedOptions = {
  tags: number;
  gateways: number;
  /** The organisation's slug (it must exist). */
  org: string;
  /** Gateway heartbeats kept per gateway over the last 24 hours (hourly by default). */
  heartbeatsPerGateway?: number;
  log?: (line: string) => void;
};

export type ScaleSeedReport = {
  orgId: string;
  tags: number;
  gateways: number;
  heartbeats: number;
  areas: number;
  ms: number;
};

/** Rows per INSERT … SELECT: large enough to amortise a statement, small enough to bound memory. */
const CHUNK = 25_000;
export const SCALE_SEED_MAX_TAGS = 1_000_000;
export const SCALE_SEED_MAX_GATEWAYS = 100_000;
const SEEDED = { seeded: 'scale' };

/** The id prefixes of scale-seeded devices: 'e'/'d' plus 3 hex of the organisation, then 8 hex. */
export function scalePrefixes(orgId: string): { tag: string; gateway: string } {
  const org = crypto.createHash('sha256').update(orgId).digest('hex').slice(0, 3);
  return { tag: `e${org}`, gateway: `d${org}` };
}

export class ScaleSeedRefused extends Error {}

/** Seeds `opts.org` at scale; refuses (ScaleSeedRefused) when it already holds scale-seeded devices. */
export async function seedScale(db: Db, opts: ScaleSeedOptions): Promise<ScaleSeedReport> {
  const started = performance.now();
  const log = opts.log ?? (() => undefined);
  if (!Number.isInteger(opts.tags) || opts.tags < 0 || opts.tags > SCALE_SEED_MAX_TAGS)
    throw new ScaleSeedRefused(`--tags must be a whole number from 0 to ${SCALE_SEED_MAX_TAGS}`);
  if (!Number.isInteger(opts.gateways) || opts.gateways < 0 || opts.gateways > SCALE_SEED_MAX_GATEWAYS)
    throw new ScaleSeedRefused(`--gateways must be a whole number from 0 to ${SCALE_SEED_MAX_GATEWAYS}`);
  const [org] = await db
    .select()
    .from(zones)
    .where(and(eq(zones.slug, opts.org), eq(zones.level, 'org')))
    .limit(1);
  if (!org) throw new ScaleSeedRefused(`No organisation with slug "${opts.org}"`);
  const prefix = scalePrefixes(org.id);
  const existing = await countRows(
    db,
    sql`select (select count(*) from tags where org_id = ${org.id} and id like ${`${prefix.tag}%`})
      + (select count(*) from gateways where org_id = ${org.id} and id like ${`${prefix.gateway}%`}) as n`,
  );
  if (existing > 0) {
    throw new ScaleSeedRefused(
      `Organisation "${opts.org}" already holds ${existing} scale-seeded devices; seed a fresh database (or another --org) instead`,
    );
  }

  const areas = await ensureScaleZones(db, org);
  log(`zones: ${areas.length} areas to place devices in`);
  const stations = await ensureStations(db, org.id, areas);

  await withIndexesRebuilt(db, 'tags', opts.tags >= REBUILD_INDEXES_FROM, log, async (tx) => {
    for (let from = 1; from <= opts.tags; from += CHUNK) {
      const to = Math.min(opts.tags, from + CHUNK - 1);
      await insertTags(tx, { orgId: org.id, prefix: prefix.tag, areas, stations, from, to });
      log(`tags: ${to} / ${opts.tags}`);
    }
  });
  for (let from = 1; from <= opts.gateways; from += CHUNK) {
    const to = Math.min(opts.gateways, from + CHUNK - 1);
    await insertGateways(db, { orgId: org.id, prefix: prefix.gateway, areas, from, to });
  }
  log(`gateways: ${opts.gateways}`);
  const perGateway = opts.heartbeatsPerGateway ?? 24;
  const heartbeats = await insertHeartbeats(db, org.id, prefix.gateway, perGateway, opts.gateways);
  log(`heartbeats: ${heartbeats}`);
  // Statistics for the planner, and the visibility map that lets counts and deep pages read indexes
  // alone (embedded PGlite runs no autovacuum).
  for (const table of ['tags', 'gateways', 'gateway_heartbeats', 'zones'])
    await db.execute(sql.raw(`vacuum analyze ${table}`));
  return {
    orgId: org.id,
    tags: opts.tags,
    gateways: opts.gateways,
    heartbeats,
    areas: areas.length,
    ms: performance.now() - started,
  };
}

/** From this many rows, the table's secondary indexes are dropped for the load and built again after. */
export const REBUILD_INDEXES_FROM = 20_000;

/**
 * Runs a bulk load with `table`'s secondary indexes dropped and built again afterwards, in one
 * transaction (building a GIN or expression index once is several times cheaper than keeping it up
 * row by row). On PostgreSQL the transaction locks the table for its length: a seed is not a live
 * operation.
 */
async function withIndexesRebuilt(
  db: Db,
  table: string,
  rebuild: boolean,
  log: (line: string) => void,
  load: (db: Db) => Promise<void>,
): Promise<void> {
  if (!rebuild) return load(db);
  await db.transaction(async (txn) => {
    const tx = txn as unknown as Db;
    await withoutSecondaryIndexes(tx, table, log, () => load(tx));
  });
}

/** withIndexesRebuilt's work inside a transaction the caller holds. */
export async function withoutSecondaryIndexes(
  tx: Db,
  table: string,
  log: (line: string) => void,
  load: () => Promise<void>,
): Promise<void> {
  const result = (await tx.execute(sql`select i.indexname as name, i.indexdef as def from pg_indexes i
    join pg_class c on c.relname = i.indexname join pg_index x on x.indexrelid = c.oid
    where i.schemaname = current_schema() and i.tablename = ${table} and not x.indisprimary`)) as unknown as {
    rows: { name: string; def: string }[];
  };
  for (const index of result.rows) await tx.execute(sql.raw(`drop index "${index.name}"`));
  await load();
  const started = performance.now();
  await tx.execute(sql`set local maintenance_work_mem = '256MB'`);
  for (const index of result.rows) await tx.execute(sql.raw(index.def));
  log(
    `${table}: ${result.rows.length} indexes built in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
}

/**
 * Runs a bulk load inside the caller's transaction with `table`'s foreign keys dropped, then adds
 * them back, which checks every row in one join: one key lookup per row costs embedded PGlite more
 * than writing the row (ARCHITECTURE §8).
 */
export async function withForeignKeysCheckedAfter(
  tx: Db,
  table: string,
  load: () => Promise<void>,
): Promise<void> {
  const result = (await tx.execute(sql`select conname as name, pg_get_constraintdef(oid) as def
    from pg_constraint where conrelid = ${table}::regclass and contype = 'f'`)) as unknown as {
    rows: { name: string; def: string }[];
  };
  for (const key of result.rows)
    await tx.execute(sql.raw(`alter table "${table}" drop constraint "${key.name}"`));
  await load();
  for (const key of result.rows) {
    await tx.execute(sql.raw(`alter table "${table}" add constraint "${key.name}" ${key.def}`));
  }
}

async function countRows(db: Db, query: ReturnType<typeof sql>): Promise<number> {
  const result = (await db.execute(query)) as unknown as { rows: { n: string | number }[] };
  return Number(result.rows[0]?.n ?? 0);
}

type OrgRow = typeof zones.$inferSelect;

/**
 * The areas devices are placed in: the organisation's own, plus a 'Scale Tower' building of 8 floors
 * × 6 units × 5 areas under its first site (made once, reused by a later run for another size).
 */
async function ensureScaleZones(db: Db, org: OrgRow): Promise<string[]> {
  const [tower] = await db
    .select()
    .from(zones)
    .where(
      and(
        eq(zones.level, 'building'),
        sql`${zones.path} && array[${org.id}::uuid]`,
        sql`${zones.config}->>'seeded' = 'scale'`,
      ),
    )
    .limit(1);
  if (!tower) {
    let [site] = await db
      .select()
      .from(zones)
      .where(and(eq(zones.parentId, org.id), eq(zones.level, 'site')))
      .orderBy(zones.createdAt)
      .limit(1);
    if (!site) {
      const id = crypto.randomUUID();
      [site] = await db
        .insert(zones)
        .values({
          id,
          name: 'Scale Campus',
          level: 'site',
          parentId: org.id,
          path: [...org.path, id],
          config: SEEDED,
        })
        .returning();
    }
    const id = crypto.randomUUID();
    await db.insert(zones).values({
      id,
      name: 'Scale Tower',
      level: 'building',
      parentId: site!.id,
      path: [...site!.path, id],
      config: SEEDED,
    });
    // Floors, then units under each floor, then areas under each unit: ids made in SQL, paths built from the parent's.
    await db.execute(sql`insert into zones (id, name, level, parent_id, path, config)
      select s.id, 'Scale Floor ' || s.n, 'floor', ${id}::uuid, ${`{${[...site!.path, id].join(',')}}`}::uuid[] || s.id,
        jsonb_build_object('number', s.n, 'category', 'indoor', 'seeded', 'scale')
      from (select gen_random_uuid() as id, n from generate_series(1, 8) n) s`);
    await db.execute(sql`insert into zones (id, name, level, parent_id, path, config)
      select s.id, 'S' || s.floor || ' Unit ' || s.n, 'unit', s.parent, s.path || s.id,
        '{"state": "active", "seeded": "scale"}'::jsonb
      from (select gen_random_uuid() as id, f.id as parent, f.path, f.config->>'number' as floor, n
            from zones f cross join generate_series(1, 6) n where f.parent_id = ${id}) s`);
    await db.execute(sql`insert into zones (id, name, level, parent_id, path, config)
      select s.id, s.unit || ' Room ' || s.n, 'area', s.parent, s.path || s.id,
        '{"state": "active", "seeded": "scale"}'::jsonb
      from (select gen_random_uuid() as id, u.id as parent, u.path, u.name as unit, n
            from zones u cross join generate_series(1, 5) n
            where u.level = 'unit' and u.path && array[${id}::uuid]) s`);
  }
  const rows = await db
    .select({ id: zones.id })
    .from(zones)
    .where(and(eq(zones.level, 'area'), sql`${zones.path} && array[${org.id}::uuid]`))
    .orderBy(zones.id);
  return rows.map((r) => r.id);
}

async function ensureStations(db: Db, orgId: string, areas: string[]): Promise<string[]> {
  const existing = await db
    .select({ id: distributionStations.id })
    .from(distributionStations)
    .where(eq(distributionStations.orgId, orgId));
  if (existing.length > 0) return existing.map((s) => s.id);
  const rows = await db
    .insert(distributionStations)
    .values(
      ['Main Lobby Kiosk', 'Staff Entrance Kiosk', 'Ward Kiosk'].map((name, i) => ({
        orgId,
        zoneId: areas[i] ?? null,
        name,
        helpMessage: 'Scan your badge, then pick up a tag from the tray.',
        minimumInventory: 20 + i * 10,
        config: SEEDED,
      })),
    )
    .returning({ id: distributionStations.id });
  return rows.map((s) => s.id);
}

const FIRST_NAMES = [
  'Alex',
  'Blake',
  'Casey',
  'Drew',
  'Emery',
  'Finley',
  'Gray',
  'Harper',
  'Indy',
  'Jordan',
  'Kai',
  'Logan',
  'Morgan',
  'Noel',
  'Oakley',
  'Parker',
  'Quinn',
  'Reese',
  'Sawyer',
  'Taylor',
  'Umar',
  'Val',
  'Wren',
  'Yael',
  'Zion',
  'Amara',
  'Bruno',
  'Chiara',
  'Dmitri',
  'Elif',
  'Farah',
  'Goran',
  'Hana',
  'Ines',
  'Jonas',
  'Keiko',
  'Lena',
  'Mateo',
  'Nadia',
  'Omar',
  'Priya',
  'Rafael',
  'Sofia',
  'Tomas',
  'Ulla',
  'Viktor',
  'Wei',
  'Ximena',
];
const LAST_NAMES = [
  'Rivera',
  'Chen',
  'Morgan',
  'Patel',
  'Johnson',
  'Brooks',
  'Santos',
  'Kim',
  'Nguyen',
  'Garcia',
  'Smith',
  'Müller',
  'Okafor',
  'Kowalski',
  'Haddad',
  'Lindqvist',
  'Rossi',
  'Dubois',
  'Tanaka',
  'Novak',
  "O'Brien",
  'Fischer',
  'Silva',
  'Ivanova',
  'Costa',
  'Jensen',
  'Moreau',
  'Yilmaz',
  'Andersson',
  'Schmidt',
  'Ahmed',
  'Hughes',
  'Ward',
  'Price',
  'Bennett',
  'Foster',
  'Hayes',
  'Myers',
  'Ford',
  'Wallace',
  'Reyes',
  'Cruz',
  'Ortiz',
  'Ramos',
  'Vargas',
  'Castro',
  'Flores',
  'Romero',
  'Herrera',
  'Medina',
  'Aguilar',
  'Delgado',
];
const COLLECTION_REASONS = [
  'battery_depleted',
  'battery_low',
  'tag_crash_high',
  'tag_crash_low',
  'firmware_obsolete',
  'manual',
  'staff_turnover',
  'tag_replaced',
];
const TAG_SKUS = ['TAG5', 'TAG5', 'TAG5', 'TAG5', 'TAG7', 'TAG7', 'TAG7', 'TAG6', 'TAG6', 'WEAR1', 'TAG3'];
const LABELS = ['guard', 'behind TV', 'under desk', 'stool', 'red outlet', 'high outlet', "6' ladder"];

const textArray = (values: readonly string[]) =>
  sql`${`{${values.map((v) => `"${v.replace(/(["\\])/g, '\\$1')}"`).join(',')}}`}::text[]`;
const uuidArray = (values: readonly string[]) => sql`${`{${values.join(',')}}`}::uuid[]`;

type TagChunk = {
  orgId: string;
  prefix: string;
  areas: string[];
  stations: string[];
  from: number;
  to: number;
};

/**
 * One chunk of tags. The mix: 60 % deployed (owner, label, area), 15 % available, 5 % reserved,
 * 5 % ready_for_return, 3 % lost, 5 % returned, 7 % flashed; batteries 2 % unknown, 6 % depleted,
 * 12 % low, the rest healthy; 8 % of deployed tags asked for collection with a reason and urgency.
 */
async function insertTags(db: Db, c: TagChunk): Promise<void> {
  await db.execute(sql`
    insert into tags (id, org_id, zone_id, config, state, created_at, updated_at)
    select s.id, ${c.orgId}::uuid, s.zone,
      jsonb_strip_nulls(jsonb_build_object(
        'state', s.st,
        'location', s.zone,
        'label', case when s.st = 'deployed' then 'Badge ' || s.n end,
        'owner', case when s.owned then jsonb_build_object('name', s.owner, 'personId', 'P-' || (100000 + s.n)) end,
        'logistics', jsonb_build_object('sku', s.sku, 'barcode', s.sku || '-2026' || lpad((1 + s.r2 % 12)::text, 2, '0') || '01-' || (1 + s.n / 20)),
        'collection', case when s.st = 'deployed' and s.r3 < 80 then jsonb_build_object(
          'reason', (${textArray(COLLECTION_REASONS)})[1 + s.r4 % ${COLLECTION_REASONS.length}],
          'urgency', s.r2 % 3,
          'at', to_char((now() - make_interval(days => s.r4 % 120)) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')) end,
        'station', case when s.r4 % 10 = 0 and cardinality(${uuidArray(c.stations)}) > 0
          then (${uuidArray(c.stations)})[1 + s.n % greatest(cardinality(${uuidArray(c.stations)}), 1)] end,
        'maintMode', case when s.r4 % 100 = 0 then true end,
        'mode', case when s.st = 'deployed' then case when s.r4 % 33 = 0 and s.app >= 51 then 'responder' else 'standard' end end
      )),
      jsonb_strip_nulls(jsonb_build_object(
        'firmware', jsonb_build_object('boot', 10 + s.r2 % 3, 'app', s.app),
        'battery', jsonb_build_object('current', jsonb_build_object(
          'level', s.mv,
          'status', case when s.mv is null then 'unknown' when s.r4 % 97 = 0 then 'unstable'
            when s.mv >= 2800 then 'healthy' when s.mv >= 2600 then 'low' else 'depleted' end)),
        'updatedAt', to_char((now() - make_interval(mins => s.r4 % case when s.st in ('lost', 'returned') then 86400 else 10080 end)) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
        'distributionStation', case when s.r4 % 10 = 0 then jsonb_build_object('at', to_char((now() - make_interval(hours => s.r3 % 720)) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')) end,
        'location', s.zone
      )),
      now() - make_interval(days => 30 + s.r4 % 700),
      now() - make_interval(mins => s.r4 % 43200)
    from (
      select h.*,
        ${c.prefix} || lpad(to_hex(h.n), 8, '0') as id,
        case when h.st in ('deployed', 'reserved') or (h.st = 'available' and h.r2 % 3 = 0)
          then (${uuidArray(c.areas)})[1 + (h.n * 7919) % ${Math.max(c.areas.length, 1)}] end as zone,
        h.st = 'deployed' or (h.st = 'reserved' and h.r2 % 2 = 0) as owned,
        (${textArray(FIRST_NAMES)})[1 + h.r4 % ${FIRST_NAMES.length}] || ' ' ||
          (${textArray(LAST_NAMES)})[1 + (h.r4 / ${FIRST_NAMES.length}) % ${LAST_NAMES.length}] as owner,
        (${textArray(TAG_SKUS)})[1 + h.r3 % ${TAG_SKUS.length}] as sku,
        45 + h.r3 % 12 as app,
        case when h.r2 < 20 then null
          when h.r2 < 80 then 2000 + h.r3 * 599 / 999
          when h.r2 < 200 then 2600 + h.r3 * 199 / 999
          when h.st = 'deployed' and h.r3 < 80 and h.r4 % 8 = 7 then 2801 + h.r3 * 4
          else 2800 + h.r3 * 500 / 999 end as mv
      from (
        select n, r1, r2, r3, r4,
          case when r1 < 600 then 'deployed' when r1 < 750 then 'available' when r1 < 800 then 'reserved'
            when r1 < 850 then 'ready_for_return' when r1 < 880 then 'lost' when r1 < 930 then 'returned'
            else 'flashed' end as st
        from (
          select n,
            abs(hashint4(n)) % 1000 as r1,
            abs(hashint4(n + 1000003)) % 1000 as r2,
            abs(hashint4(n + 2000003)) % 1000 as r3,
            abs(hashint4(n + 3000017)) % 100000 as r4
          from generate_series(${c.from}::int, ${c.to}::int) n
        ) r
      ) h
    ) s`);
}

type GatewayChunk = { orgId: string; prefix: string; areas: string[]; from: number; to: number };

/**
 * One chunk of gateways: SKUs GW2 (most), NODE1 and GWL1 (outdoor), GWC, GWG; 85 % deployed, the
 * rest ready_to_deploy, undeployed, returned, lost or unknown; statuses connected, disconnected
 * (last update over 2 days ago), ota_* (updating); hardware v2/v3, safe mode, admin mode, reboot
 * reason 9 now and then, diagnostics and neighbours.
 */
async function insertGateways(db: Db, c: GatewayChunk): Promise<void> {
  await db.execute(sql`
    insert into gateways (id, org_id, zone_id, config, state, created_at, updated_at)
    select s.id, ${c.orgId}::uuid, s.zone,
      jsonb_strip_nulls(jsonb_build_object(
        'state', s.st,
        'location', s.zone,
        'coordinates', case when s.zone is not null then jsonb_build_object(
          'lat', 40.7 + (s.r3 % 1000) / 100000.0, 'lng', -74.0 + (s.r4 % 1000) / 100000.0,
          'alt', case when s.outdoor then 10 + s.r2 % 20 end) end,
        'hasAltitudeOverride', case when s.outdoor and s.r2 % 5 = 0 then true end,
        'labels', case when s.r2 % 4 = 0 then jsonb_build_array((${textArray(LABELS)})[1 + s.r3 % ${LABELS.length}]) else '[]'::jsonb end,
        'notes', case when s.r3 % 20 = 0 then 'Checked on site visit ' || (1 + s.r4 % 28) || ' Oct' end,
        'logistics', jsonb_build_object('sku', s.sku, 'barcode',
          case when s.sku = 'NODE1' then 'NODE1' when s.sku = 'GWL1' then 'GWL1' else 'GW2' end || '-2026' || lpad((1 + s.r2 % 12)::text, 2, '0') || '01-' || (1 + s.n / 5)),
        'category', case when s.outdoor then 'outdoor' else 'indoor' end,
        'number', s.n
      )),
      jsonb_strip_nulls(jsonb_build_object(
        'status', s.status,
        'updatedAt', to_char(s.seen at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
        'version', jsonb_build_object('app', '4.' || (s.r3 % 6) || '.' || (s.r4 % 10), 'boot', '2.' || (s.r2 % 3), 'isSafeMode', s.r4 % 150 = 0),
        'hardware', jsonb_build_object('revision', case when s.r2 % 3 = 0 then 'v2' else 'v3' end),
        'adminMode', s.r4 % 40 = 0,
        'debug', jsonb_build_object('rebootInfo', jsonb_build_object('lastResetReason', case when s.r4 % 60 = 0 then 9 else s.r2 % 5 end)),
        'diagnostics', jsonb_build_object('button', s.button, 'coverage', s.coverage, 'floor', s.floor),
        'neighbors', jsonb_build_object(
          ${c.prefix} || lpad(to_hex(1 + (s.n % ${Math.max(c.to, 1)})), 8, '0'), 4 + s.r3 % 20,
          ${c.prefix} || lpad(to_hex(1 + ((s.n + 1) % ${Math.max(c.to, 1)})), 8, '0'), 8 + s.r4 % 30)
      )),
      now() - make_interval(days => 30 + s.r4 % 700),
      now() - make_interval(mins => s.r4 % 43200)
    from (
      select g.*,
        ${c.prefix} || lpad(to_hex(g.n), 8, '0') as id,
        g.sku in ('NODE1', 'GWL1') as outdoor,
        case when g.st in ('deployed', 'ready_to_deploy') then (${uuidArray(c.areas)})[1 + (g.n * 104729) % ${Math.max(c.areas.length, 1)}] end as zone,
        case when g.r1 < 80 then 'disconnected' when g.r1 < 110 then 'ota_downloading' else 'connected' end as status,
        case when g.r1 < 80 then now() - make_interval(hours => 49 + g.r4 % 500) else now() - make_interval(secs => g.r4 % 120) end as seen,
        least(100, 70 + g.r3 % 31) as button,
        least(100, 75 + g.r4 % 26) as coverage,
        least(100, 40 + g.r2 % 61) as floor
      from (
        select n, r1, r2, r3, r4,
          case when r1 < 850 then 'deployed' when r1 < 930 then 'ready_to_deploy' when r1 < 960 then 'undeployed'
            when r1 < 975 then 'returned' when r1 < 990 then 'lost' else 'unknown' end as st,
          case when r2 < 800 then 'GW2' when r2 < 880 then 'NODE1' when r2 < 920 then 'GWL1'
            when r2 < 960 then 'GWC' else 'GWG' end as sku
        from (
          select n,
            abs(hashint4(n + 500009)) % 1000 as r1,
            abs(hashint4(n + 1500007)) % 1000 as r2,
            abs(hashint4(n + 2500009)) % 1000 as r3,
            abs(hashint4(n + 3500017)) % 100000 as r4
          from generate_series(${c.from}::int, ${c.to}::int) n
        ) r
      ) g
    ) s`);
}

/**
 * Heartbeats over the last 24 hours of every connected scale gateway, `perGateway` evenly spaced,
 * the payload shaped as the ingest API's HeartbeatBody (domain ingest/contract.ts) so the 24-hour metrics
 * read them as they read real ones. A disconnected gateway (silent for over 2 days) has none.
 */
async function insertHeartbeats(
  db: Db,
  orgId: string,
  prefix: string,
  perGateway: number,
  gatewayCount: number,
): Promise<number> {
  if (perGateway <= 0 || gatewayCount === 0) return 0;
  const stepS = Math.floor(86_400 / perGateway);
  let inserted = 0;
  const gatewaysPerChunk = Math.max(1, Math.floor((CHUNK * 4) / perGateway));
  for (let from = 1; from <= gatewayCount; from += gatewaysPerChunk) {
    const to = Math.min(gatewayCount, from + gatewaysPerChunk - 1);
    const ids = {
      low: `${prefix}${from.toString(16).padStart(8, '0')}`,
      high: `${prefix}${to.toString(16).padStart(8, '0')}`,
    };
    const result = (await db.execute(sql`
      insert into gateway_heartbeats (org_id, gateway_id, status, payload, at)
      select ${orgId}::uuid, g.id, 'connected',
        jsonb_build_object(
          'gateway', g.id,
          'status', 'connected',
          'version', g.state->'version',
          'hardware', g.state->'hardware',
          'adminMode', coalesce((g.state->>'adminMode')::boolean, false),
          'rebootReason', coalesce((g.state->'debug'->'rebootInfo'->>'lastResetReason')::int, 0),
          'diagnostics', jsonb_build_object(
            'button', case when abs(hashint4(k * 7919 + (g.config->>'number')::int)) % 10 = 0 then 60
              else (g.state->'diagnostics'->>'button')::int end,
            'coverage', (g.state->'diagnostics'->>'coverage')::int,
            'floor', (g.state->'diagnostics'->>'floor')::int),
          'neighbors', g.state->'neighbors'),
        now() - make_interval(secs => k * ${stepS} + 30)
      from gateways g cross join generate_series(0, ${perGateway - 1}::int) k
      where g.org_id = ${orgId}::uuid and g.id between ${ids.low} and ${ids.high}
        and g.state->>'status' <> 'disconnected'`)) as unknown as {
      rowCount?: number;
      affectedRows?: number;
    };
    inserted += result.rowCount ?? result.affectedRows ?? 0;
  }
  return inserted;
}
