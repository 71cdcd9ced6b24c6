import { and, sql, type SQL } from 'drizzle-orm';
import { BATTERY_DEPLETED_MIN_MV, BATTERY_HEALTHY_MIN_MV, BATTERY_LOW_MIN_MV } from '@vigil/domain';
import { tags, zones } from '../db/schema';
import { tagSql } from './tag-sql';
import { HttpError } from '../platform/errors';
import { parseListQueryOrThrow, type ListSpec } from '../platform/list/list';
import { type Scope } from '../platform/scope';
import { UUID_RE } from '../platform/db/checks';
import { LOCATION_FIELDS, locationFieldsOf, type LocationField } from '../zones';

// SPEC §3 Tag, §4 flows, §7 Devices.

import type { Json } from './tag-rows';
import { tagInScope } from './tag-rows';

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
  // ISO text in UTC sorts as time; the stored column `last_seen` holds it, indexed.
  'state.updatedAt': tags.lastSeen,
  createdAt: tags.createdAt,
  updatedAt: tags.updatedAt,
};

const ownerSearch: Record<OwnerField, SQL> = {
  name: tagSql.ownerName(tags.config),
  personId: tagSql.ownerPersonId(tags.config),
};

const specCache = new Map<string, ListSpec>();
/** The tag list spec whose `query` searches the id, the label and the named owner fields. */
export function tagListSpec(ownerFields: readonly OwnerField[]): ListSpec {
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
export function tagListRequest(scope: Scope, query: Json): TagListRequest {
  const { ownerFields, locationFields, zone, batteryLevel, tz: _tz, bom: _bom, ...rest } = query;
  const inWhere = whereBatteryLevels(rest.where);
  if (inWhere.levels !== undefined) rest.where = inWhere.where;
  const spec = tagListSpec(ownerFieldsOf(ownerFields));
  const parsed = parseListQueryOrThrow(rest, spec);
  const levels = [batteryLevel, inWhere.levels].filter((l) => l !== undefined && l !== '');
  const where = and(tagInScope(scope), zoneSubtreesOf(zone), ...levels.map(batteryLevelsOf))!;
  return { spec, parsed, where, locationFields: tagLocationFieldsOf(locationFields), rest };
}
