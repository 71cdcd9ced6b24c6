import type { FastifyReply } from 'fastify';
import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import {
  BATTERY_DEPLETED_MIN_MV,
  BATTERY_HEALTHY_MIN_MV,
  BATTERY_LOW_MIN_MV,
  REPLACEMENT_TIMELINE_CODES,
  REPLACEMENT_TIMELINE_LABELS,
  batteryLevel,
  batteryMetadataLabel,
  confirmTagState,
  isTagReusable,
  replacementTimeline,
  tagAssignmentUpdate,
  tagInvalidationUpdate,
  tagRestoreUpdate,
  type CollectionUrgency,
  type LocationNames,
  type Tag,
  type TagConfig,
  type TagConfigState,
  type TagDetail,
  type TagFlowUpdate,
  type TagUpdateBody,
} from '@vigil/domain';
import type { Db, Tx } from '../platform/db/client';
import { auditLog, distributionStations, tags, zones } from '../db/schema';
import { tagSql } from './tag-sql';
import { HttpError, badRequest, notFound } from '../platform/errors';
import { writeAudit } from '../platform/audit';
import {
  exportFilename,
  exportTimeZone,
  listBatches,
  mapBatches,
  sendCsvExport,
  type CsvExportColumn,
} from '../platform/list/csv-export';
import { parseListQueryOrThrow, runList, type ListSpec } from '../platform/list/list';
import { TtlCache } from '../platform/ttl-cache';
import { type Scope } from '../platform/scope';
import { locatedInScope } from '../platform/scope-sql';
import type { Actor } from '../platform/caller';
import { UUID_RE } from '../platform/db/checks';
import {
  LOCATION_FIELDS,
  locationFieldsOf,
  locationInScope,
  locationNamesOf,
  pickLocation,
  type LocationField,
} from '../zones';

// SPEC §3 Tag, §4 flows, §7 Devices (issue 6). Bulk operations live in tag-batch.ts.

export type TagRow = typeof tags.$inferSelect;
type Json = Record<string, unknown>;
const MAC_RE = /^[0-9a-f]{12}$/;

const objectOf = (v: unknown): Json =>
  typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Json) : {};

/** Tags the caller may see: its organisation, located in its zones (or anywhere, org-wide). */
export function tagInScope(scope: Scope): SQL {
  return locatedInScope(scope, tags.zoneId, tags.orgId);
}

// --- list ----------------------------------------------------------------------------------------

type JsonColumn = typeof tags.config | typeof tags.state;
const jsonText = (column: JsonColumn, path: string) => sql`(${column} #>> ${sql.raw(`'{${path}}'`)})`;
const jsonNumber = (column: JsonColumn, path: string) =>
  sql`(case when jsonb_typeof(${column} #> ${sql.raw(`'{${path}}'`)}) = 'number' then (${column} #>> ${sql.raw(`'{${path}}'`)})::numeric end)`;
/** state.firmware.app: a number, or a numeric string read as its number (SPEC §4 resp_toggle). */
const appFirmwareSql = sql`(case jsonb_typeof(${tags.state}->'firmware'->'app')
  when 'number' then (${tags.state}->'firmware'->>'app')::numeric
  when 'string' then case when ${tags.state}->'firmware'->>'app' ~ '^\\d{1,9}$' then (${tags.state}->'firmware'->>'app')::numeric end end)`;
/** An ISO time kept in JSON as a timestamp; anything else reads as null (never a cast error). */
const jsonTime = (column: JsonColumn, path: string) =>
  sql`(case when ${jsonText(column, path)} ~ '^\\d{4}-\\d{2}-\\d{2}T' then ${jsonText(column, path)}::timestamptz end)`;
const maintModeSql = sql`coalesce(${tags.config}->'maintMode' = 'true'::jsonb, false)`;

/** Which owner fields `query` searches (SPEC §7 `ownerFields`). */
export const OWNER_FIELDS = ['name', 'personId'] as const;
type OwnerField = (typeof OWNER_FIELDS)[number];

const tagFields: ListSpec['fields'] = {
  id: { sql: tags.id, type: 'text' },
  zoneId: { sql: tags.zoneId, type: 'uuid' },
  'config.state': { sql: tagSql.state(tags.config), type: 'text' },
  'config.location': { sql: tags.zoneId, type: 'uuid' },
  'config.owner': { sql: sql`nullif(${tags.config}->'owner', 'null'::jsonb)`, type: 'json' },
  'config.owner.name': { sql: tagSql.ownerName(tags.config), type: 'text' },
  'config.owner.personId': { sql: tagSql.ownerPersonId(tags.config), type: 'text' },
  'config.label': { sql: tagSql.label(tags.config), type: 'text' },
  'config.logistics.sku': { sql: jsonText(tags.config, 'logistics,sku'), type: 'text' },
  'config.logistics.barcode': { sql: jsonText(tags.config, 'logistics,barcode'), type: 'text' },
  'config.collection': { sql: sql`nullif(${tags.config}->'collection', 'null'::jsonb)`, type: 'json' },
  'config.collection.reason': { sql: jsonText(tags.config, 'collection,reason'), type: 'text' },
  'config.collection.urgency': { sql: tagSql.collectionUrgency(tags.config), type: 'number' },
  'config.collection.at': { sql: jsonTime(tags.config, 'collection,at'), type: 'timestamp' },
  'config.mode': { sql: jsonText(tags.config, 'mode'), type: 'text' },
  'config.maintMode': { sql: maintModeSql, type: 'boolean' },
  'config.station': { sql: jsonText(tags.config, 'station'), type: 'text' },
  'config.invoiceZone': { sql: jsonText(tags.config, 'invoiceZone'), type: 'text' },
  'state.battery.current.level': { sql: tagSql.batteryMv(tags.state), type: 'number' },
  'state.battery.current.status': { sql: jsonText(tags.state, 'battery,current,status'), type: 'text' },
  batteryLevel: { sql: tagSql.batteryLevel(tags.state), type: 'text' },
  'state.firmware.app': { sql: appFirmwareSql, type: 'number' },
  'state.firmware.boot': { sql: jsonNumber(tags.state, 'firmware,boot'), type: 'number' },
  'state.updatedAt': { sql: jsonTime(tags.state, 'updatedAt'), type: 'timestamp' },
  createdAt: { sql: tags.createdAt, type: 'timestamp' },
  updatedAt: { sql: tags.updatedAt, type: 'timestamp' },
};

const tagSortable: ListSpec['sortable'] = {
  id: tags.id,
  'config.state': tagSql.state(tags.config),
  'config.owner.name': tagSql.ownerNameSort(tags.config),
  'config.owner.personId': tagSql.ownerPersonId(tags.config),
  'config.label': tagSql.label(tags.config),
  'config.logistics.sku': jsonText(tags.config, 'logistics,sku'),
  'config.collection.reason': jsonText(tags.config, 'collection,reason'),
  'config.collection.urgency': tagSql.collectionUrgency(tags.config),
  'state.battery.current.level': tagSql.batteryMv(tags.state),
  'state.firmware.app': appFirmwareSql,
  // ISO text in UTC sorts as time, and the index is on the text.
  'state.updatedAt': tagSql.lastSeen(tags.state),
  createdAt: tags.createdAt,
  updatedAt: tags.updatedAt,
};

const ownerSearch: Record<OwnerField, SQL> = {
  name: tagSql.ownerName(tags.config),
  personId: tagSql.ownerPersonId(tags.config),
};

const specCache = new Map<string, ListSpec>();
/** The tag list spec whose `query` searches the id, the label and the named owner fields. */
function tagListSpec(ownerFields: readonly OwnerField[]): ListSpec {
  const key = ownerFields.join(',');
  let spec = specCache.get(key);
  if (!spec) {
    spec = {
      fields: tagFields,
      sortable: tagSortable,
      defaultOrder: 'id',
      idColumn: tags.id,
      // Every field of the `search` column: that column alone; fewer owner fields: it narrows first.
      ...(ownerFields.length === OWNER_FIELDS.length
        ? { search: [tags.search] }
        : {
            search: [
              tagSql.idSearch(tags.id),
              tagSql.label(tags.config),
              ...ownerFields.map((f) => ownerSearch[f]),
            ],
            searchNarrowing: tags.search,
          }),
    };
    specCache.set(key, spec);
  }
  return spec;
}

const listValues = (raw: unknown): string[] =>
  (Array.isArray(raw) ? raw : [raw])
    .flatMap((v) => (typeof v === 'string' ? v.split(',') : [String(v)]))
    .map((v) => v.trim())
    .filter(Boolean);

const invalid = (reason: string, field: string) => new HttpError(400, reason, 'invalid_list_query', field);

/** `ownerFields=name,personId` (comma-separated or repeated); both when absent. */
export function ownerFieldsOf(raw: unknown): OwnerField[] {
  if (raw === undefined || raw === '') return [...OWNER_FIELDS];
  const names = listValues(raw);
  for (const name of names) {
    if (!(OWNER_FIELDS as readonly string[]).includes(name))
      throw invalid(`Unknown ownerFields name "${name.slice(0, 40)}"; use name, personId`, 'ownerFields');
  }
  return OWNER_FIELDS.filter((f) => names.includes(f));
}

/** `locationFields=1` (or `true`) names every level; else a list as for gateways. */
function tagLocationFieldsOf(raw: unknown): LocationField[] {
  if (raw === '1' || raw === 'true') return [...LOCATION_FIELDS];
  if (raw === '0' || raw === 'false') return [];
  return locationFieldsOf(raw);
}

/** `zone=<id>` (repeated or comma-separated): tags located in those zones' subtrees. */
function zoneSubtreesOf(raw: unknown): SQL | undefined {
  if (raw === undefined || raw === '') return undefined;
  const ids = listValues(raw);
  if (ids.length === 0) return undefined;
  if (ids.length > 200 || ids.some((id) => !UUID_RE.test(id))) throw invalid('zone must be zone ids', 'zone');
  return sql`${tags.zoneId} in (select ${zones.id} from ${zones} where ${zones.path} && ${`{${ids.join(',')}}`}::uuid[])`;
}

type TagListRequest = {
  spec: ListSpec;
  parsed: ReturnType<typeof parseListQueryOrThrow>;
  where: SQL;
  locationFields: LocationField[];
  rest: Json;
};

/**
 * `batteryLevel=low` (repeatable) as ranges of the voltage, which its index serves in order; the
 * same field inside `where` compares the level itself (same rows, SPEC §9).
 */
function batteryLevelsOf(raw: unknown): SQL | undefined {
  if (raw === undefined || raw === '') return undefined;
  const mv = tagSql.batteryMv(tags.state);
  const ranges: Record<string, SQL> = {
    healthy: sql`${mv} >= ${sql.raw(String(BATTERY_HEALTHY_MIN_MV))}`,
    low: sql`(${mv} >= ${sql.raw(String(BATTERY_LOW_MIN_MV))} and ${mv} < ${sql.raw(String(BATTERY_HEALTHY_MIN_MV))})`,
    depleted: sql`(${mv} >= ${sql.raw(String(BATTERY_DEPLETED_MIN_MV))} and ${mv} < ${sql.raw(String(BATTERY_LOW_MIN_MV))})`,
    unknown: sql`(${mv} is null or ${mv} < ${sql.raw(String(BATTERY_DEPLETED_MIN_MV))})`,
  };
  const levels = [...new Set(listValues(raw))];
  for (const level of levels) {
    if (!Object.hasOwn(ranges, level))
      throw invalid(
        `Unknown batteryLevel "${level.slice(0, 40)}"; use healthy, low, depleted, unknown`,
        'batteryLevel',
      );
  }
  return sql`(${sql.join(
    levels.map((l) => ranges[l]!),
    sql` or `,
  )})`;
}

/**
 * `batteryLevel` inside `where` (`"low"`, `{"$eq": "low"}`, `{"$in": [...]}`) taken out to be read as
 * voltage ranges too; anything else stays for the list parser to judge.
 */
function whereBatteryLevels(where: unknown): { where: unknown; levels?: unknown } {
  if (typeof where !== 'string') return { where };
  let doc: unknown;
  try {
    doc = JSON.parse(where);
  } catch {
    return { where };
  }
  if (typeof doc !== 'object' || doc === null || Array.isArray(doc) || !Object.hasOwn(doc, 'batteryLevel'))
    return { where };
  const { batteryLevel: level, ...others } = doc as Json;
  const op =
    typeof level === 'object' && level !== null && !Array.isArray(level) ? (level as Json) : undefined;
  const keys = op ? Object.keys(op) : [];
  const levels =
    typeof level === 'string'
      ? level
      : keys.length === 1 && keys[0] === '$eq' && typeof op!.$eq === 'string'
        ? op!.$eq
        : keys.length === 1 &&
            keys[0] === '$in' &&
            Array.isArray(op!.$in) &&
            op!.$in.every((v) => typeof v === 'string')
          ? op!.$in
          : undefined;
  if (levels === undefined || (Array.isArray(levels) && levels.length === 0)) return { where };
  return { where: Object.keys(others).length ? JSON.stringify(others) : undefined, levels };
}

/** The list contract plus `ownerFields`, `locationFields`, `zone` and `batteryLevel`, inside the caller's scope. */
function tagListRequest(scope: Scope, query: Json): TagListRequest {
  const { ownerFields, locationFields, zone, batteryLevel, tz: _tz, bom: _bom, ...rest } = query;
  const inWhere = whereBatteryLevels(rest.where);
  if (inWhere.levels !== undefined) rest.where = inWhere.where;
  const spec = tagListSpec(ownerFieldsOf(ownerFields));
  const parsed = parseListQueryOrThrow(rest, spec);
  const levels = [batteryLevel, inWhere.levels].filter((l) => l !== undefined && l !== '');
  const where = and(tagInScope(scope), zoneSubtreesOf(zone), ...levels.map(batteryLevelsOf))!;
  return { spec, parsed, where, locationFields: tagLocationFieldsOf(locationFields), rest };
}

export function toTag(row: TagRow, location?: LocationNames): Tag {
  const config = row.config as TagConfig;
  return {
    id: row.id,
    orgId: row.orgId,
    config,
    state: row.state,
    maintMode: config.maintMode === true,
    invoiceZone: config.invoiceZone ?? null,
    station: config.station ?? null,
    ...(location ? { location } : {}),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/**
 * Totals from this many rows are kept for a few seconds per query and scope: a CSV download of
 * 100,000 tags asks for 200 pages with the same filter, and each exact count costs a scan.
 */
const TOTAL_CACHE_MIN = 10_000;
const tagTotals = new TtlCache<number>(10_000);

/** GET /api/tags (SPEC §7): list contract, `ownerFields`, `locationFields`, `zone`; docs/API.md. */
export async function listTags(db: Db, scope: Scope, query: Json) {
  const req = tagListRequest(scope, query);
  const page = await runList<TagRow>(db, tags, req.spec, req.parsed, req.where, {
    idsFirst: true,
    totalCache: { cache: tagTotals, min: TOTAL_CACHE_MIN },
    countInPage: req.parsed.terms.length > 0,
  });
  const names = req.locationFields.length
    ? await locationNamesOf(
        db,
        page.data.map((t) => t.zoneId),
      )
    : undefined;
  return {
    ...page,
    data: page.data.map((t) =>
      toTag(
        t,
        names ? pickLocation(t.zoneId ? names.get(t.zoneId) : undefined, req.locationFields) : undefined,
      ),
    ),
  };
}

// --- one tag -------------------------------------------------------------------------------------

export async function findTag(db: Db | Tx, scope: Scope, id: string, forUpdate = false) {
  if (!MAC_RE.test(id)) return undefined;
  const query = db
    .select()
    .from(tags)
    .where(and(eq(tags.id, id), tagInScope(scope)))
    .limit(1);
  const [row] = forUpdate ? await query.for('update') : await query;
  return row;
}

/** SPEC §3 Replacement timeline of a tag's collection (code 0 Overdue, 1 soon), null when not due. */
function timelineOf(row: TagRow, now: Date) {
  const collection = objectOf(row.config.collection);
  const urgency = collection.urgency;
  if (urgency !== 0 && urgency !== 1 && urgency !== 2) return null;
  const at = typeof collection.at === 'string' ? new Date(collection.at) : row.updatedAt;
  const timeline = replacementTimeline({ urgency: urgency as CollectionUrgency, at }, now);
  return timeline ? REPLACEMENT_TIMELINE_CODES[timeline] : null;
}

/** GET /api/tags/{id}: the tag, its location names, SPEC §4 reuse and replacement timeline, station name. */
export async function getTag(db: Db, scope: Scope, id: string): Promise<TagDetail> {
  const row = await findTag(db, scope, id);
  if (!row) throw notFound('Tag not found');
  const stationId = typeof row.config.station === 'string' ? row.config.station : undefined;
  const [history, names, station] = await Promise.all([
    // The whole history of the device, whichever organisation held it: a flagged tag stays flagged.
    db
      .select({ before: auditLog.before, after: auditLog.after })
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'tag'), eq(auditLog.entityId, row.id)))
      .orderBy(asc(auditLog.id)),
    locationNamesOf(db, [row.zoneId]),
    stationId && UUID_RE.test(stationId)
      ? db
          .select({ name: distributionStations.name })
          .from(distributionStations)
          .where(and(eq(distributionStations.id, stationId), eq(distributionStations.orgId, row.orgId)))
      : Promise.resolve([]),
  ]);
  return {
    ...toTag(row, pickLocation(row.zoneId ? names.get(row.zoneId) : undefined, LOCATION_FIELDS)),
    reusable: isTagReusable(history as never),
    replacementTimeline: timelineOf(row, new Date()),
    stationName: station[0]?.name ?? null,
  };
}

/** What an audit entry keeps of a tag: enough for SPEC §4 reuse (config.collection.urgency) and a diff. */
export function auditSnapshot(row: Pick<TagRow, 'id' | 'orgId' | 'zoneId' | 'config'>) {
  return { id: row.id, orgId: row.orgId, zoneId: row.zoneId, config: row.config };
}

/** SPEC §4 Tag flows for a state a write sets: assignment, invalidation, restore; others set the state alone. */
export function flowFor(state: TagConfigState): TagFlowUpdate {
  switch (state) {
    case 'deployed':
      return tagAssignmentUpdate();
    case 'ready_for_return':
    case 'lost':
      return tagInvalidationUpdate(state);
    case 'available':
      return tagRestoreUpdate();
    default:
      return { state };
  }
}

/** A shallow patch of config: `null` removes a key, `undefined` leaves it, anything else replaces. */
export function patchConfig(config: Json, patch: Json): Json {
  const out: Json = { ...config };
  for (const [key, value] of Object.entries(patch)) {
    if (value === undefined) continue;
    if (value === null) delete out[key];
    else out[key] = value;
  }
  return out;
}

export const TAG_STATE_NOT_FOUND = 'Tag state not found';
const TAG_STATES = new Set<string>([
  'flashed',
  'available',
  'reserved',
  'deployed',
  'ready_for_return',
  'returned',
  'lost',
]);

/**
 * PUT /api/tags/{id} (SPEC §7): the flat body stored in config (SPEC §3). A `state` applies its
 * SPEC §4 flow, whose clearing wins over the body; the write is confirmed by the returned state
 * ('DB error' otherwise). A tag without a known state takes no other change: 409 'Tag state not found'.
 */
export async function updateTag(db: Db, actor: Actor, id: string, body: TagUpdateBody): Promise<Tag> {
  const { scope } = actor.caller;
  return db.transaction(async (txn) => {
    const tx = txn as unknown as Db;
    const row = await findTag(tx, scope, id, true);
    if (!row) throw notFound('Tag not found');
    if (body.state === undefined && !TAG_STATES.has(String(row.config.state))) {
      throw new HttpError(409, TAG_STATE_NOT_FOUND, 'tag_state_not_found', 'state');
    }
    const { location, ...fields } = body;
    const patch: Json = { ...fields };
    if (body.collection)
      patch.collection = { ...body.collection, at: body.collection.at ?? new Date().toISOString() };
    if (body.station) await assertStation(tx, row.orgId, body.station);
    if (body.invoiceZone) await assertOrgZone(tx, row.orgId, body.invoiceZone, 'invoiceZone');
    let zoneId = row.zoneId;
    if (location !== undefined) {
      zoneId = await locationInScope(tx, scope, location);
      patch.location = zoneId;
    }
    if (body.state) Object.assign(patch, flowFor(body.state));
    const config = patchConfig(row.config, patch);
    const [updated] = await tx
      .update(tags)
      .set({ config, zoneId, updatedAt: new Date() })
      .where(eq(tags.id, row.id))
      .returning();
    if (body.state) {
      const verdict = confirmTagState(body.state, updated!.config.state as string | undefined);
      if (!verdict.ok) throw new HttpError(500, verdict.reason, 'db_error');
    }
    if (JSON.stringify(config) !== JSON.stringify(row.config) || zoneId !== row.zoneId) {
      await writeAudit(tx, actor, {
        entity: 'tag',
        entityId: row.id,
        action: 'update',
        before: auditSnapshot(row),
        after: auditSnapshot(updated!),
        orgId: row.orgId,
      });
    }
    return toTag(updated!);
  });
}

async function assertStation(db: Db, orgId: string, id: string): Promise<void> {
  const [station] = await db
    .select({ id: distributionStations.id })
    .from(distributionStations)
    .where(and(eq(distributionStations.id, id), eq(distributionStations.orgId, orgId)))
    .limit(1);
  if (!station) throw badRequest('Unknown distribution station', 'station');
}

async function assertOrgZone(db: Db, orgId: string, id: string, field: string): Promise<void> {
  const [zone] = await db
    .select({ id: zones.id })
    .from(zones)
    .where(and(eq(zones.id, id), sql`${zones.path} && ${`{${orgId}}`}::uuid[]`))
    .limit(1);
  if (!zone) throw badRequest('Unknown zone', field);
}

// --- CSV export ----------------------------------------------------------------------------------

/** What the export reads of a tag: the config whole, the few state fields it writes, the times. */
const EXPORT_FIELDS = {
  id: tags.id,
  zone_id: tags.zoneId,
  config: tags.config,
  mv: sql`${tags.state}->'battery'->'current'->'level'`,
  firmware: sql`${tags.state}->'firmware'`,
  lastSeen: sql`${tags.state}->'updatedAt'`,
  created_at: tags.createdAt,
  updated_at: tags.updatedAt,
};
/** A tag as the export reads it (JSON values), then its location path and station name. */
type ExportRow = {
  id: string;
  zone_id: string | null;
  config: Json;
  mv: unknown;
  firmware: unknown;
  lastSeen: unknown;
  created_at: string;
  updated_at: string;
  location: string;
  stationName: string;
};

const ownerOf = (r: ExportRow) => objectOf(r.config.owner);
const collectionOf = (r: ExportRow) => objectOf(r.config.collection);
const firmwareOf = (r: ExportRow) => objectOf(r.firmware);
const scalar = (v: unknown) => (typeof v === 'string' || typeof v === 'number' ? v : null);

function replacementOf(r: ExportRow, now: Date): string | null {
  const c = collectionOf(r);
  if (c.urgency !== 0 && c.urgency !== 1 && c.urgency !== 2) return null;
  const at = new Date(typeof c.at === 'string' ? c.at : r.updated_at);
  const timeline = replacementTimeline({ urgency: c.urgency as CollectionUrgency, at }, now);
  return timeline ? REPLACEMENT_TIMELINE_LABELS[timeline] : null;
}

function tagExportColumns(now: Date): CsvExportColumn<ExportRow>[] {
  return [
    { header: 'Tag', value: (r) => r.id },
    { header: 'State', value: (r) => scalar(r.config.state) },
    { header: 'Owner', value: (r) => scalar(ownerOf(r).name) },
    { header: 'Person ID', value: (r) => scalar(ownerOf(r).personId) },
    { header: 'Label', value: (r) => scalar(r.config.label) },
    { header: 'SKU', value: (r) => scalar(objectOf(r.config.logistics).sku) },
    { header: 'Barcode', value: (r) => scalar(objectOf(r.config.logistics).barcode) },
    { header: 'Battery (mV)', value: (r) => (typeof r.mv === 'number' ? r.mv : null) },
    { header: 'Battery level', value: (r) => batteryLevel(r.mv) },
    { header: 'Battery', value: (r) => batteryMetadataLabel(r.mv) },
    { header: 'Firmware app', value: (r) => scalar(firmwareOf(r).app) },
    { header: 'Firmware boot', value: (r) => scalar(firmwareOf(r).boot) },
    { header: 'Last seen', date: (r) => scalar(r.lastSeen) },
    { header: 'Location', value: (r) => r.location },
    { header: 'Collection reason', value: (r) => scalar(collectionOf(r).reason) },
    { header: 'Collection urgency', value: (r) => scalar(collectionOf(r).urgency) },
    { header: 'Collection asked', date: (r) => scalar(collectionOf(r).at) },
    { header: 'Replacement', value: (r) => replacementOf(r, now) },
    { header: 'Maintenance mode', value: (r) => r.config.maintMode === true },
    { header: 'Mode', value: (r) => scalar(r.config.mode) },
    { header: 'Station', value: (r) => r.stationName },
    { header: 'Invoice zone', value: (r) => scalar(r.config.invoiceZone) },
    { header: 'Created', date: (r) => r.created_at },
    { header: 'Updated', date: (r) => r.updated_at },
  ];
}

/**
 * GET /api/tags/export.csv: the list's filters, search and order as a streamed CSV (SPEC §9: more than
 * 100,000 rows is a 400 asking for filters). `tz` names the time zone of the dates, `bom=1` adds a BOM.
 */
export async function exportTags(db: Db, scope: Scope, query: Json, reply: FastifyReply) {
  const req = tagListRequest(scope, query);
  const timeZone = exportTimeZone(query.tz);
  const batches = await listBatches(db, tags, req.spec, req.parsed, req.where, EXPORT_FIELDS);
  const stations = new Map(
    (
      await db
        .select({ id: distributionStations.id, name: distributionStations.name })
        .from(distributionStations)
        .where(eq(distributionStations.orgId, scope.orgId))
    ).map((s) => [s.id, s.name]),
  );
  // Zones are few next to tags: each path is read once per export.
  const paths = new Map<string, string>();
  return sendCsvExport<ExportRow>(reply, {
    filename: exportFilename('tags'),
    columns: tagExportColumns(new Date()),
    timeZone,
    bom: query.bom === '1' || query.bom === 'true',
    batches: mapBatches(batches, async (rows) => {
      const unknown = [
        ...new Set(
          rows.map((r) => r.zone_id).filter((z): z is string => typeof z === 'string' && !paths.has(z)),
        ),
      ];
      if (unknown.length) {
        for (const [zoneId, names] of await locationNamesOf(db, unknown)) paths.set(zoneId, names.path ?? '');
      }
      for (const r of rows as ExportRow[]) {
        r.location = typeof r.zone_id === 'string' ? (paths.get(r.zone_id) ?? '') : '';
        r.stationName = stations.get(String(objectOf(r.config).station)) ?? '';
      }
      return rows as ExportRow[];
    }),
  });
}
