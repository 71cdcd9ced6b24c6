import { z } from 'zod';
import {
  LIST_IN_MAX_VALUES,
  Refusal,
  type FilterOperator,
  type ListFieldType,
  type ListFilter,
  type ListSpec,
} from './spec';

/** Parameters of every list that are not shorthand filters. */
export const RESERVED_PARAMS = new Set(['limit', 'offset', 'cursor', 'orderBy', 'query', 'where']);

// --- where ---------------------------------------------------------------------------------------

const OPERATORS_BY_TYPE: Record<ListFieldType, readonly FilterOperator[]> = {
  text: ['$eq', '$in', '$exists', '$prefix', '$gte', '$lte'],
  number: ['$eq', '$in', '$exists', '$gte', '$lte'],
  timestamp: ['$eq', '$in', '$exists', '$gte', '$lte'],
  boolean: ['$eq', '$in', '$exists'],
  uuid: ['$eq', '$in', '$exists'],
  json: ['$exists'],
};
const ALL_OPERATORS = new Set<string>(OPERATORS_BY_TYPE.text);

const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

export function parseWhere(where: string | undefined, spec: ListSpec): ListFilter[] {
  if (where === undefined) return [];
  let doc: unknown;
  try {
    doc = JSON.parse(where);
  } catch {
    throw new Refusal('where must be valid JSON', 'where');
  }
  if (!isPlainObject(doc)) throw new Refusal('where must be a JSON object', 'where');

  const filters: ListFilter[] = [];
  for (const [field, condition] of Object.entries(doc)) {
    if (field.startsWith('$')) throw new Refusal(`Unknown filter operator "${field}"`, 'where');
    const type = fieldType(field, spec);
    if (!isPlainObject(condition)) {
      filters.push(filterOf(field, type, '$eq', condition, false));
      continue;
    }
    const entries = Object.entries(condition);
    if (entries.length === 0) throw new Refusal(`Filter "${field}" has no operator`, field);
    for (const [op, value] of entries) {
      if (!ALL_OPERATORS.has(op)) throw new Refusal(`Unknown filter operator "${op}" on "${field}"`, field);
      filters.push(filterOf(field, type, op as FilterOperator, value, false));
    }
  }
  return filters;
}

/** `?config.state=deployed` is `{"config.state": "deployed"}`; a repeated key is `$in` (SPEC §7 calls). */
export function parseShorthand(raw: Record<string, unknown>, spec: ListSpec): ListFilter[] {
  const filters: ListFilter[] = [];
  for (const [field, value] of Object.entries(raw)) {
    if (RESERVED_PARAMS.has(field) || value === '' || value === undefined) continue;
    // Plain names the resource whitelists (`level`, `parent`, `slug`) filter too; others belong to the route.
    if (!field.includes('.') && !Object.hasOwn(spec.fields, field)) continue;
    const type = fieldType(field, spec);
    filters.push(
      Array.isArray(value)
        ? filterOf(field, type, '$in', value, true)
        : filterOf(field, type, '$eq', value, true),
    );
  }
  return filters;
}

function fieldType(field: string, spec: ListSpec): ListFieldType {
  if (!Object.hasOwn(spec.fields, field)) throw new Refusal(`Unknown filter field "${field}"`, field);
  return spec.fields[field].type;
}

function filterOf(
  field: string,
  type: ListFieldType,
  op: FilterOperator,
  value: unknown,
  fromQueryString: boolean,
): ListFilter {
  if (!OPERATORS_BY_TYPE[type].includes(op))
    throw new Refusal(`Filter "${field}" does not support ${op}`, field);
  if (op === '$exists') {
    if (typeof value !== 'boolean')
      throw new Refusal(`Filter "${field}" needs true or false for $exists`, field);
    return { field, op, value };
  }
  if (op === '$in') {
    if (!Array.isArray(value)) throw new Refusal(`Filter "${field}" needs a list for $in`, field);
    if (value.length > LIST_IN_MAX_VALUES) {
      throw new Refusal(`Filter "${field}" allows at most ${LIST_IN_MAX_VALUES} values for $in`, field);
    }
    return { field, op, value: value.map((v) => scalarOf(field, type, op, v, fromQueryString)) };
  }
  return { field, op, value: scalarOf(field, type, op, value, fromQueryString) };
}

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const isoDateOrDateTime = z.union([z.iso.date(), z.iso.datetime({ offset: true })]);
const boolFromString = (v: string) => (v === 'true' ? true : v === 'false' ? false : v);

function scalarOf(
  field: string,
  type: ListFieldType,
  op: FilterOperator,
  value: unknown,
  fromQueryString: boolean,
): string | number | boolean {
  const wrong = (expected: string) => new Refusal(`Filter "${field}" needs ${expected} for ${op}`, field);
  switch (type) {
    case 'number': {
      const n =
        fromQueryString && typeof value === 'string' && /^-?\d+(\.\d+)?$/.test(value) ? Number(value) : value;
      if (typeof n !== 'number' || !Number.isFinite(n)) throw wrong('a number');
      return n;
    }
    case 'boolean': {
      const b = fromQueryString && typeof value === 'string' ? boolFromString(value) : value;
      if (typeof b !== 'boolean') throw wrong('true or false');
      return b;
    }
    case 'timestamp':
      if (!isoDateOrDateTime.safeParse(value).success) throw wrong('an ISO date or date-time with offset');
      return value as string;
    case 'uuid':
      if (typeof value !== 'string' || !UUID_RE.test(value)) throw wrong('a UUID');
      return value;
    default:
      if (typeof value !== 'string') throw wrong('text');
      return value;
  }
}
