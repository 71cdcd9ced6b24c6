import { and, asc, desc, eq, gte, inArray, lt, sql, type SQL } from 'drizzle-orm';
import {
  DIAGNOSTICS_PASS_PERCENT,
  DIAGNOSTICS_WINDOW_MS,
  GATEWAY_AREA_REQUIRED,
  GATEWAY_SKU_FILTERS,
  UNASSIGN_STATE,
  gatewayBatchOperations,
  gatewayLocationError,
  mayOverrideAltitude,
  type Gateway,
  type GatewayBatchCandidate,
  type GatewayBulkBody,
  type GatewayCommandResult,
  type GatewayConfigState,
  type GatewayDetail,
  type GatewayMetrics,
  type GatewaySkuFilter,
  type GatewayUnassignBody,
  type GatewayUpdateBody,
  type LocationNames,
  type SyncLogEntry,
} from '@vigil/domain';
import type { Db } from '../platform/db/client';
import { jsonRecordset } from '../platform/db/json-params';
import { batchOperations, gatewayCommands, gatewayHeartbeats, gateways, zones } from '../db/schema';
import { HttpError, badRequest, forbidden, notFound } from '../platform/errors';
import { writeAudit, writeAudits, type AuditEntry } from '../platform/audit';
import { parseListQueryOrThrow, runList, type ListSpec } from '../platform/list/list';
import { scopeRoots, type Scope } from '../platform/scope';
import type { Caller, Actor } from '../platform/caller';
import { locatedInScope } from '../platform/scope-sql';
import { UUID_RE } from '../platform/db/checks';
import {
  INVENTORY_ORG_SLUG,
  LOCATION_FIELDS,
  locationFieldsOf,
  locationNamesOf,
  locationPathSql,
  pickLocation,
  findZone,
} from '../zones';

type GatewayRow = typeof gateways.$inferSelect;
type JsonColumn = typeof gateways.config | typeof gateways.state;
type Config = Record<string, unknown>;

/** SPEC §9 'Gateway metrics over 24 hours'; a wider window is refused beyond this. */
export const METRICS_MAX_WINDOW_MS = 31 * 24 * 3_600_000;
/** How many of a gateway's latest commands its detail shows. */
const DETAIL_COMMANDS = 10;
const MAC_RE = /^[0-9a-f]{12}$/;

// --- list ----------------------------------------------------------------------------------------

const cfg = (key: string) => sql`${gateways.config}->>${sql.raw(`'${key}'`)}`;
const skuSql = sql`(${gateways.config}->'logistics'->>'sku')`;
/** A JSON number of the config or state at a fixed path, else SQL null (never a cast error). */
const jsonNumber = (column: JsonColumn, path: string[]) => {
  const node = sql.raw(path.map((p) => `'${p}'`).join('->'));
  return sql`(case when jsonb_typeof(${column}->${node}) = 'number' then (${column}#>>${sql.raw(`'{${path.join(',')}}'`)})::numeric end)`;
};
const jsonBoolean = (column: JsonColumn, path: string[]) => {
  const node = sql.raw(path.map((p) => `'${p}'`).join('->'));
  return sql`(case when jsonb_typeof(${column}->${node}) = 'boolean' then (${column}#>>${sql.raw(`'{${path.join(',')}}'`)})::boolean end)`;
};
const jsonText = (column: JsonColumn, path: string[]) =>
  sql`(${column}#>>${sql.raw(`'{${path.join(',')}}'`)})`;
/** state.updatedAt is written by ingest as an ISO string; anything else reads as null. */
const updatedAtSql = sql`(case when ${gateways.state}->>'updatedAt' ~ '^\\d{4}-\\d{2}-\\d{2}T' then (${gateways.state}->>'updatedAt')::timestamptz end)`;

const gatewayListSpec: ListSpec = {
  fields: {
    id: { sql: gateways.id, type: 'text' },
    'config.state': { sql: cfg('state'), type: 'text' },
    'config.location': { sql: gateways.zoneId, type: 'uuid' },
    'config.coordinates': {
      sql: sql`nullif(${gateways.config}->'coordinates', 'null'::jsonb)`,
      type: 'json',
    },
    'config.coordinates.lat': { sql: jsonNumber(gateways.config, ['coordinates', 'lat']), type: 'number' },
    'config.coordinates.lng': { sql: jsonNumber(gateways.config, ['coordinates', 'lng']), type: 'number' },
    'config.coordinates.alt': { sql: jsonNumber(gateways.config, ['coordinates', 'alt']), type: 'number' },
    'config.hasAltitudeOverride': {
      sql: jsonBoolean(gateways.config, ['hasAltitudeOverride']),
      type: 'boolean',
    },
    'config.logistics.sku': { sql: skuSql, type: 'text' },
    'config.logistics.barcode': { sql: jsonText(gateways.config, ['logistics', 'barcode']), type: 'text' },
    'config.category': { sql: cfg('category'), type: 'text' },
    'state.status': { sql: jsonText(gateways.state, ['status']), type: 'text' },
    'state.updatedAt': { sql: updatedAtSql, type: 'timestamp' },
    'state.version.app': { sql: jsonText(gateways.state, ['version', 'app']), type: 'text' },
    'state.version.isSafeMode': {
      sql: jsonBoolean(gateways.state, ['version', 'isSafeMode']),
      type: 'boolean',
    },
    'state.hardware.revision': { sql: jsonText(gateways.state, ['hardware', 'revision']), type: 'text' },
    'state.adminMode': { sql: jsonBoolean(gateways.state, ['adminMode']), type: 'boolean' },
    createdAt: { sql: gateways.createdAt, type: 'timestamp' },
    updatedAt: { sql: gateways.updatedAt, type: 'timestamp' },
  },
  sortable: {
    id: gateways.id,
    'config.state': cfg('state'),
    'config.logistics.sku': skuSql,
    'state.status': jsonText(gateways.state, ['status']),
    'state.updatedAt': updatedAtSql,
    'state.version.app': jsonText(gateways.state, ['version', 'app']),
    location: locationPathSql(gateways.zoneId),
    createdAt: gateways.createdAt,
    updatedAt: gateways.updatedAt,
  },
  defaultOrder: 'id',
  idColumn: gateways.id,
  search: [
    gateways.id,
    skuSql,
    jsonText(gateways.config, ['logistics', 'barcode']),
    jsonText(gateways.config, ['notes']),
    sql`${gateways.config}->'labels'`,
    sql`(select z.name from zones z where z.id = ${gateways.zoneId})`,
  ],
};

/** `sku` of GET /api/gateways (docs/API.md): SKU families by prefix; no SKU counts as indoor. */
function skuWhere(filter: GatewaySkuFilter): SQL | undefined {
  switch (filter) {
    case 'all':
      return undefined;
    case 'NODE':
      return sql`${skuSql} like 'NODE%'`;
    case 'GWL':
      return sql`${skuSql} like 'GWL%'`;
    default:
      return sql`coalesce(${skuSql}, '') not like 'NODE%' and coalesce(${skuSql}, '') not like 'GWL%'`;
  }
}

function skuFilterOf(raw: unknown): GatewaySkuFilter {
  if (raw === undefined || raw === '') return 'indoor';
  if (typeof raw !== 'string' || !(GATEWAY_SKU_FILTERS as readonly string[]).includes(raw)) {
    throw new HttpError(
      400,
      `sku must be one of ${GATEWAY_SKU_FILTERS.join(', ')}`,
      'invalid_list_query',
      'sku',
    );
  }
  return raw as GatewaySkuFilter;
}

/** Gateways the caller may see: its organisation, located in its zones (or unlocated, org-wide). */
export function gatewayInScope(scope: Scope): SQL {
  return and(eq(gateways.orgId, scope.orgId), locatedInScope(scope, gateways.zoneId, gateways.orgId))!;
}

export function toGateway(row: GatewayRow, location?: LocationNames): Gateway {
  return {
    id: row.id,
    orgId: row.orgId,
    config: row.config as Gateway['config'],
    state: row.state,
    ...(location ? { location } : {}),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** GET /api/gateways: the list contract plus `sku` and `locationFields` (docs/API.md). */
export async function listGateways(db: Db, scope: Scope, query: Record<string, unknown>) {
  const { sku, locationFields, ...rest } = query;
  const filter = skuFilterOf(sku);
  const fields = locationFieldsOf(locationFields);
  const parsed = parseListQueryOrThrow(rest, gatewayListSpec);
  const page = await runList(
    db,
    gateways,
    gatewayListSpec,
    parsed,
    and(gatewayInScope(scope), skuWhere(filter)),
  );
  const names = fields.length
    ? await locationNamesOf(
        db,
        page.data.map((g) => g.zoneId),
      )
    : undefined;
  return {
    ...page,
    data: page.data.map((g) =>
      toGateway(g, names ? pickLocation(g.zoneId ? names.get(g.zoneId) : undefined, fields) : undefined),
    ),
  };
}

// --- one gateway ---------------------------------------------------------------------------------

async function findGateway(db: Db, scope: Scope, id: string, forUpdate = false) {
  if (!MAC_RE.test(id)) return undefined;
  const query = db
    .select()
    .from(gateways)
    .where(and(eq(gateways.id, id), gatewayInScope(scope)))
    .limit(1);
  const [row] = forUpdate ? await query.for('update') : await query;
  return row;
}

function toSyncEntry(row: typeof gatewayCommands.$inferSelect): SyncLogEntry {
  return {
    id: row.id,
    gatewayId: row.gatewayId,
    type: row.type,
    payload: row.payload,
    actor: row.actor ?? null,
    createdAt: row.createdAt.toISOString(),
    deliveredAt: row.deliveredAt?.toISOString() ?? null,
    confirmedAt: row.confirmedAt?.toISOString() ?? null,
  };
}

async function toDetail(db: Db, row: GatewayRow): Promise<GatewayDetail> {
  const [names, commands] = await Promise.all([
    locationNamesOf(db, [row.zoneId]),
    db
      .select()
      .from(gatewayCommands)
      .where(and(eq(gatewayCommands.gatewayId, row.id), eq(gatewayCommands.orgId, row.orgId)))
      .orderBy(desc(gatewayCommands.createdAt))
      .limit(DETAIL_COMMANDS),
  ]);
  return {
    ...toGateway(row),
    location: pickLocation(row.zoneId ? names.get(row.zoneId) : undefined, LOCATION_FIELDS),
    commands: commands.map(toSyncEntry),
  };
}

export async function getGateway(db: Db, scope: Scope, id: string): Promise<GatewayDetail> {
  const row = await findGateway(db, scope, id);
  if (!row) throw notFound('Gateway not found');
  return toDetail(db, row);
}

const actorOf = (caller: Caller) => ({ id: caller.id, name: caller.name });

/** What a gateway is told of its configuration (SPEC §3 config; the sync log shows it). */
function pushedConfig(config: Config) {
  return {
    location: config.location ?? null,
    labels: config.labels ?? [],
    notes: config.notes ?? null,
    coordinates: config.coordinates ?? null,
    hasAltitudeOverride: config.hasAltitudeOverride === true,
  };
}

const sameJson = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
const objectOf = (v: unknown): Config =>
  typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Config) : {};

/**
 * SPEC §7 PUT gateways/{id} {location, labels, notes, coordinates, hasAltitudeOverride}, stored in
 * `config`. SPEC §5: the location must be an area; the altitude override is an integer, its flag set
 * exactly when there is one, and only outdoor users with update Gateway outdoor may change either.
 * A changed configuration is queued for the gateway as a 'config' command (the sync log).
 */
export async function updateGateway(
  db: Db,
  actor: Actor,
  id: string,
  body: GatewayUpdateBody,
): Promise<GatewayDetail> {
  const caller = actor.caller;
  let area: string | undefined;
  if (body.location !== undefined) {
    if (body.location === null || !UUID_RE.test(body.location))
      throw badRequest(GATEWAY_AREA_REQUIRED, 'location');
    const zone = await findZone(db, caller.scope, body.location);
    const reason = gatewayLocationError(zone?.row.level);
    if (!zone || reason) throw badRequest(reason ?? GATEWAY_AREA_REQUIRED, 'location');
    area = zone.row.id;
  }
  return db.transaction(async (txn) => {
    const tx = txn as unknown as Db;
    const before = await findGateway(tx, caller.scope, id, true);
    if (!before) throw notFound('Gateway not found');
    const config: Config = { ...before.config };
    if (body.labels !== undefined) config.labels = [...new Set(body.labels)];
    if (body.notes !== undefined) config.notes = body.notes ?? '';
    if (area) config.location = area;
    applyCoordinates(config, body, caller);
    const changes: Partial<typeof gateways.$inferInsert> = { config, updatedAt: new Date() };
    if (area) changes.zoneId = area;
    const [row] = await tx.update(gateways).set(changes).where(eq(gateways.id, before.id)).returning();
    if (!sameJson(pushedConfig(before.config), pushedConfig(config))) {
      await tx.insert(gatewayCommands).values({
        orgId: before.orgId,
        gatewayId: before.id,
        type: 'config',
        payload: pushedConfig(config),
        actor: actorOf(caller),
      });
    }
    await writeAudit(tx, actor, {
      entity: 'gateway',
      entityId: before.id,
      action: 'update',
      before: { config: before.config },
      after: { config },
    });
    return toDetail(tx, row!);
  });
}

/**
 * Coordinates and the altitude override (SPEC §5). `coordinates` without `alt` keeps the stored
 * altitude; `alt: null` or `hasAltitudeOverride: false` clears it. The flag is derived, and a flag
 * sent that disagrees with the altitude is refused.
 */
function applyCoordinates(config: Config, body: GatewayUpdateBody, caller: Caller): void {
  if (body.coordinates === undefined && body.hasAltitudeOverride === undefined) return;
  const stored = objectOf(config.coordinates);
  const storedAlt = typeof stored.alt === 'number' ? stored.alt : null;
  const storedFlag = config.hasAltitudeOverride === true;
  let alt = storedAlt;
  if (body.coordinates === null) {
    delete config.coordinates;
    alt = null;
  } else if (body.coordinates) {
    if (body.coordinates.alt !== undefined) alt = body.coordinates.alt;
    config.coordinates = {
      lat: body.coordinates.lat,
      lng: body.coordinates.lng,
      ...(alt === null ? {} : { alt }),
    };
  }
  if (body.hasAltitudeOverride === false && body.coordinates?.alt === undefined) alt = null;
  const flag = Number.isInteger(alt);
  if (body.hasAltitudeOverride !== undefined && body.hasAltitudeOverride !== flag) {
    throw badRequest(
      'The altitude override is set exactly when the altitude is a whole number',
      'hasAltitudeOverride',
    );
  }
  if ((alt !== storedAlt || flag !== storedFlag) && !mayOverrideAltitude(caller.ability, caller.flags)) {
    throw forbidden('Only outdoor users who may update outdoor gateways may override the altitude');
  }
  if (config.coordinates) {
    const coordinates = { ...objectOf(config.coordinates) };
    if (alt === null) delete coordinates.alt;
    else coordinates.alt = alt;
    config.coordinates = coordinates;
  }
  config.hasAltitudeOverride = flag;
}

/** Clears where a gateway was: location, coordinates and the altitude override. */
function withoutPlace(config: Config): Config {
  const { location: _l, coordinates: _c, hasAltitudeOverride: _h, ...rest } = config;
  return rest;
}

/**
 * SPEC §7 POST gateways/{id}/unassign {action, rmaReason}: clears the location and coordinates,
 * sets the config state of the removal action (`UNASSIGN_STATE`), keeps an RMA's reason, and queues
 * an 'unassign' command the gateway receives with its next heartbeat's answer.
 */
export async function unassignGateway(
  db: Db,
  actor: Actor,
  id: string,
  body: GatewayUnassignBody,
): Promise<GatewayDetail> {
  const caller = actor.caller;
  return db.transaction(async (txn) => {
    const tx = txn as unknown as Db;
    const before = await findGateway(tx, caller.scope, id, true);
    if (!before) throw notFound('Gateway not found');
    const now = new Date();
    const { rma: _rma, ...rest } = withoutPlace(before.config);
    const config: Config = { ...rest, state: UNASSIGN_STATE[body.action] };
    if (body.action === 'rma') config.rma = { reason: body.rmaReason, at: now.toISOString() };
    const [row] = await tx
      .update(gateways)
      .set({ config, zoneId: null, updatedAt: now })
      .where(eq(gateways.id, before.id))
      .returning();
    const payload =
      body.action === 'rma' ? { action: body.action, rmaReason: body.rmaReason } : { action: body.action };
    await tx.insert(gatewayCommands).values({
      orgId: before.orgId,
      gatewayId: before.id,
      type: 'unassign',
      payload,
      actor: actorOf(caller),
    });
    await writeAudit(tx, actor, {
      entity: 'gateway',
      entityId: before.id,
      action: 'unassign',
      before: { config: before.config },
      after: { config, ...payload },
    });
    return toDetail(tx, row!);
  });
}

// --- commands ------------------------------------------------------------------------------------

async function queueDiag(db: Db, actor: Actor, ids: { id: string; orgId: string }[]) {
  const caller = actor.caller;
  if (ids.length > 0) {
    await db.insert(gatewayCommands).values(
      ids.map((g) => ({
        orgId: g.orgId,
        gatewayId: g.id,
        type: 'diag',
        payload: {},
        actor: actorOf(caller),
      })),
    );
    await writeAudits(
      db,
      actor,
      ids.map((g) => ({ entity: 'gateway', entityId: g.id, action: 'diag', after: { command: 'diag' } })),
    );
  }
  return { count: ids.length, gateways: ids.map((g) => g.id) };
}

/** SPEC §7 POST zones/{id}/command/diag: a 'diag' command for every gateway located in the zone's subtree. */
export async function diagZone(db: Db, actor: Actor, zoneId: string): Promise<GatewayCommandResult> {
  const caller = actor.caller;
  const zone = UUID_RE.test(zoneId) ? await findZone(db, caller.scope, zoneId) : undefined;
  if (!zone) throw notFound('Zone not found');
  return db.transaction(async (txn) => {
    const tx = txn as unknown as Db;
    const found = await tx
      .select({ id: gateways.id, orgId: gateways.orgId })
      .from(gateways)
      .where(
        and(
          gatewayInScope(caller.scope),
          sql`${gateways.zoneId} in (select ${zones.id} from ${zones} where ${zones.path} && ${`{${zone.row.id}}`}::uuid[])`,
        ),
      )
      .orderBy(asc(gateways.id));
    return queueDiag(tx, actor, found);
  });
}

/** POST gateways/{id}/command/diag: the detail screen's 'Run diagnostics' for one gateway. */
export async function diagGateway(db: Db, actor: Actor, id: string): Promise<GatewayCommandResult> {
  const caller = actor.caller;
  return db.transaction(async (txn) => {
    const tx = txn as unknown as Db;
    const row = await findGateway(tx, caller.scope, id);
    if (!row) throw notFound('Gateway not found');
    return queueDiag(tx, actor, [row]);
  });
}

// --- batch operations ----------------------------------------------------------------------------

function candidateOf(row: GatewayRow, orgSlug: string | null): GatewayBatchCandidate {
  const config = row.config;
  return {
    state: (typeof config.state === 'string' ? config.state : 'unknown') as GatewayConfigState,
    org: orgSlug,
    sku: (objectOf(config.logistics).sku as string | undefined) ?? null,
  };
}

async function orgBySlug(db: Db, slug: string) {
  const [org] = await db
    .select()
    .from(zones)
    .where(and(eq(zones.slug, slug), eq(zones.level, 'org')))
    .limit(1);
  return org;
}

/**
 * A transfer's target organisation, named by its slug (`args.org`) or by any zone inside it
 * (`args.zone`): one the caller holds as a whole through its zone or peers.
 */
async function transferTarget(db: Db, caller: Caller, args: GatewayBulkBody['args']) {
  const choose = () =>
    badRequest('Choose the organisation to transfer to', args.org ? 'args.org' : 'args.zone');
  let target: typeof zones.$inferSelect | undefined;
  if (args.org) target = await orgBySlug(db, args.org);
  else if (args.zone) {
    const [zone] = await db.select().from(zones).where(eq(zones.id, args.zone)).limit(1);
    const orgId = zone?.level === 'org' ? zone.id : zone?.path[1];
    if (orgId) [target] = await db.select().from(zones).where(eq(zones.id, orgId)).limit(1);
  }
  if (!target || target.level !== 'org') throw choose();
  if (target.id === caller.org.id) throw badRequest('The gateways are in that organisation already', 'args');
  const peers = caller.peers.length
    ? await db.select({ id: zones.id, path: zones.path }).from(zones).where(inArray(zones.id, caller.peers))
    : [];
  const roots = scopeRoots(target, [{ id: caller.zone.id, path: caller.zone.path }, ...peers]);
  if (!roots.includes(target.id)) throw forbidden('You may not transfer gateways to that organisation');
  return target;
}

/**
 * SPEC §7 bulk PUT gateways {ids ≤ 500, op, args}: SPEC §4's gateway batch operations, re-checked
 * here with the domain's `gatewayBatchOperations` (400 naming the ineligible gateways, nothing
 * written), applied in one transaction with an audit row per gateway and a batch log row.
 */
export async function bulkUpdateGateways(db: Db, actor: Actor, body: GatewayBulkBody) {
  const caller = actor.caller;
  const ids = [...new Set(body.ids)];
  return db.transaction(async (txn) => {
    const tx = txn as unknown as Db;
    const rows = await tx
      .select()
      .from(gateways)
      .where(and(inArray(gateways.id, ids), gatewayInScope(caller.scope)))
      .orderBy(asc(gateways.id))
      .for('update');
    const found = new Set(rows.map((r) => r.id));
    const missing = ids.filter((id) => !found.has(id));
    if (missing.length > 0) {
      throw new HttpError(400, `Gateways not found: ${missing.slice(0, 20).join(', ')}`, 'not_found', 'ids', {
        ineligible: missing,
      });
    }
    const slug = caller.org.slug;
    const offered = gatewayBatchOperations(
      rows.map((r) => candidateOf(r, slug)),
      INVENTORY_ORG_SLUG,
    );
    if (!offered.includes(body.op)) {
      const ineligible = rows
        .filter((r) => !gatewayBatchOperations([candidateOf(r, slug)], INVENTORY_ORG_SLUG).includes(body.op))
        .map((r) => r.id);
      throw new HttpError(
        400,
        `${body.op} is not allowed for ${ineligible.length === 1 ? 'gateway' : 'gateways'} ${ineligible.slice(0, 20).join(', ')}`,
        'ineligible',
        'ids',
        { ineligible },
      );
    }

    const now = new Date();
    let orgId: string | undefined;
    if (body.op === 'transfer') orgId = (await transferTarget(tx, caller, body.args)).id;
    if (body.op === 'transfer_inv') {
      const inventory = await orgBySlug(tx, INVENTORY_ORG_SLUG);
      if (!inventory) throw badRequest('There is no inventory organisation to transfer to', 'op');
      orgId = inventory.id;
    }
    const audits: AuditEntry[] = [];
    const changed = rows.map((row) => {
      let config: Config = row.config;
      let state: Config | undefined;
      if (orgId) config = withoutPlace(config);
      if (body.op === 'mark_lost') config = { ...withoutPlace(config), state: 'lost' };
      if (body.op === 'clear_diag_info') {
        const { diagnostics: _d, neighbors: _n, ...rest } = row.state;
        state = rest;
      }
      audits.push({
        entity: 'gateway',
        entityId: row.id,
        action: body.op,
        before: { orgId: row.orgId, config: row.config },
        after: { orgId: orgId ?? row.orgId, config },
      });
      return { id: row.id, config, state };
    });
    // One statement for the whole selection; the rows are locked above, so no heartbeat interleaves.
    const clearPlace = !!orgId || body.op === 'mark_lost';
    await tx.execute(sql`update ${gateways} g set
        config = x.config,
        state = coalesce(x.state, g.state),
        org_id = coalesce(${orgId ?? null}::uuid, g.org_id),
        zone_id = case when ${clearPlace}::boolean then null else g.zone_id end,
        updated_at = ${now.toISOString()}::timestamptz
      from ${jsonRecordset(changed, 'id text, config jsonb, state jsonb', 'x')}
      where g.id = x.id`);
    if (body.op === 'clear_diag_info') {
      await tx.insert(gatewayCommands).values(
        rows.map((r) => ({
          orgId: r.orgId,
          gatewayId: r.id,
          type: 'clear_diag_info',
          payload: {},
          actor: actorOf(caller),
        })),
      );
    }
    await writeAudits(tx, actor, audits);
    const [batch] = await tx
      .insert(batchOperations)
      .values({
        orgId: caller.org.id,
        requestId: actor.requestId,
        actor: actorOf(caller),
        subject: 'Gateway',
        op: body.op,
        args: body.args,
        ids: rows.map((r) => r.id),
        count: rows.length,
        at: now,
      })
      .returning({ id: batchOperations.id });
    return { batchId: batch!.id, count: rows.length };
  });
}

// --- metrics -------------------------------------------------------------------------------------

type Check = keyof typeof DIAGNOSTICS_PASS_PERCENT;
const CHECKS: Check[] = ['button', 'coverage', 'floor'];
const reading = (check: Check) =>
  sql`(case when jsonb_typeof(${gatewayHeartbeats.payload}->'diagnostics'->${sql.raw(`'${check}'`)}) = 'number'
    then (${gatewayHeartbeats.payload}->'diagnostics'->>${sql.raw(`'${check}'`)})::float8 end)`;

export type MetricsQuery = { zone?: string; gateway?: string; start?: string; end?: string };

/**
 * SPEC §7 GET metrics/gateways?zone=&start=&end= (default: the last 24 hours), from the stored
 * heartbeats: for each check, `total` heartbeats reported it, `count` of them at or above the
 * domain's pass threshold (SPEC §9), `percent` the mean reading (null without readings).
 */
export async function gatewayMetrics(
  db: Db,
  scope: Scope,
  q: MetricsQuery,
): Promise<{ data: GatewayMetrics[] }> {
  const end = q.end ? new Date(q.end) : new Date();
  const start = q.start ? new Date(q.start) : new Date(end.getTime() - DIAGNOSTICS_WINDOW_MS);
  if (start.getTime() >= end.getTime()) throw badRequest('start must be before end', 'start');
  if (end.getTime() - start.getTime() > METRICS_MAX_WINDOW_MS) {
    throw badRequest('The metrics window may span at most 31 days', 'start');
  }
  const where: (SQL | undefined)[] = [gatewayInScope(scope)];
  if (q.zone) {
    const zone = await findZone(db, scope, q.zone);
    if (!zone) throw notFound('Zone not found');
    where.push(
      sql`${gateways.zoneId} in (select ${zones.id} from ${zones} where ${zones.path} && ${`{${zone.row.id}}`}::uuid[])`,
    );
  }
  if (q.gateway) where.push(eq(gateways.id, q.gateway));
  const select: Record<string, SQL> = { gateway: sql<string>`${gateways.id}` };
  for (const check of CHECKS) {
    select[`${check}Total`] = sql<number>`count(${reading(check)})::int`;
    select[`${check}Count`] =
      sql<number>`(count(*) filter (where ${reading(check)} >= ${DIAGNOSTICS_PASS_PERCENT[check]}))::int`;
    select[`${check}Mean`] = sql<number | null>`avg(${reading(check)})`;
  }
  const rows = (await db
    .select(select)
    .from(gateways)
    .leftJoin(
      gatewayHeartbeats,
      and(
        eq(gatewayHeartbeats.gatewayId, gateways.id),
        eq(gatewayHeartbeats.orgId, gateways.orgId),
        gte(gatewayHeartbeats.at, start),
        lt(gatewayHeartbeats.at, end),
      ),
    )
    .where(and(...where))
    .groupBy(gateways.id)
    .orderBy(asc(gateways.id))) as Record<string, unknown>[];
  if (q.gateway && rows.length === 0) throw notFound('Gateway not found');
  return {
    data: rows.map((r) => {
      const metric = (check: Check) => {
        const total = Number(r[`${check}Total`]);
        const mean = r[`${check}Mean`];
        return {
          percent: total > 0 && mean !== null ? Math.round(Number(mean) * 10) / 10 : null,
          total,
          count: Number(r[`${check}Count`]),
        };
      };
      return {
        gateway: String(r.gateway),
        button: metric('button'),
        coverage: metric('coverage'),
        floor: metric('floor'),
      };
    }),
  };
}
