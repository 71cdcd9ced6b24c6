import { PGlite } from '@electric-sql/pglite';
import { sql, type SQL } from 'drizzle-orm';
import { jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { drizzle, type PgliteDatabase } from 'drizzle-orm/pglite';
import { afterAll, beforeAll, describe, expect, expectTypeOf, it } from 'vitest';
import { HttpError } from '../../src/platform/errors';
import { TtlCache } from '../../src/platform/ttl-cache';
import {
  LIST_DEFAULT_LIMIT,
  listClauses,
  listQuerySchema,
  parseListQuery,
  parseListQueryOrThrow,
  runList,
  type ListSpec,
  type ParsedList,
} from '../../src/platform/list/list';

// ARCHITECTURE §4 'Lists': the list helper on a throwaway table.

type ItemConfig = {
  state: string;
  location: string;
  label: string;
  active: boolean;
  battery?: number;
  coordinates?: { lat: number; lng: number };
};

const items = pgTable('list_items', {
  id: uuid('id').primaryKey(),
  name: text('name').notNull(),
  zone: text('zone').notNull(),
  config: jsonb('config').$type<ItemConfig>().notNull(),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
});

const spec: ListSpec = {
  fields: {
    id: { sql: items.id, type: 'uuid' },
    name: { sql: items.name, type: 'text' },
    createdAt: { sql: items.createdAt, type: 'timestamp' },
    'config.state': { sql: sql`${items.config}->>'state'`, type: 'text' },
    'config.location': { sql: sql`${items.config}->>'location'`, type: 'text' },
    'config.battery': { sql: sql`(${items.config}->>'battery')::numeric`, type: 'number' },
    'config.active': { sql: sql`(${items.config}->>'active')::boolean`, type: 'boolean' },
    'config.coordinates': { sql: sql`${items.config}->'coordinates'`, type: 'json' },
  },
  sortable: {
    name: items.name,
    createdAt: items.createdAt,
    'config.state': sql`${items.config}->>'state'`,
    'config.battery': sql`(${items.config}->>'battery')::numeric`,
  },
  defaultOrder: 'name',
  idColumn: items.id,
  search: [items.name, sql`${items.config}->>'label'`],
};

const STATES = ['deployed', 'ready_to_deploy', 'stored'];
const FLOOR_A = '11111111-1111-4111-8111-111111111111';
const FLOOR_B = '22222222-2222-4222-8222-222222222222';
const WORDS = ['alpha', 'beta', 'gamma', 'delta'];
const SPECIAL_NAMES = ['100% cotton', '1000 cotton', 'under_score', 'underXscore', 'ALPHA upper'];
const ROWS = 40 + SPECIAL_NAMES.length;

const idOf = (i: number) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`;

function row(i: number) {
  const config: ItemConfig = {
    state: STATES[(i >> 1) % 3],
    location: i % 2 === 0 ? FLOOR_A : FLOOR_B,
    label: `L${i}`,
    active: i % 2 === 0,
  };
  if (i % 5 !== 0) config.battery = 2700 + (i % 7) * 50;
  if (i % 4 === 0) config.coordinates = { lat: 45 + i / 100, lng: 7 };
  // Four rows share a second, and pairs of them differ only by a microsecond.
  const at = `2024-01-01T00:00:${String(Math.floor(i / 4)).padStart(2, '0')}.00000${i % 2}Z`;
  const name = i < 40 ? WORDS[i % 4] : SPECIAL_NAMES[i - 40];
  return { id: idOf(i), name, zone: ['a', 'b', 'c'][i % 3], config, at };
}

let pglite: PGlite;
let db: PgliteDatabase;

beforeAll(async () => {
  pglite = new PGlite();
  db = drizzle(pglite);
  await pglite.exec(`create table list_items (
    id uuid primary key, name text not null, zone text not null,
    config jsonb not null, created_at timestamptz not null)`);
  for (let i = 0; i < ROWS; i++) {
    const r = row(i);
    await pglite.query('insert into list_items values ($1, $2, $3, $4, $5)', [
      r.id,
      r.name,
      r.zone,
      JSON.stringify(r.config),
      r.at,
    ]);
  }
});

afterAll(async () => {
  await pglite.close();
});

/** A querystring as Fastify hands it over: a repeated key becomes an array. */
function qs(query: string): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of new URLSearchParams(query)) {
    const prev = out[key];
    out[key] = prev === undefined ? value : Array.isArray(prev) ? [...prev, value] : [prev, value];
  }
  return out;
}

const where = (filter: unknown) => `where=${encodeURIComponent(JSON.stringify(filter))}`;

function parsed(query: string): ParsedList {
  const result = parseListQuery(qs(query), spec);
  if (!result.ok) throw new Error(`refused: ${result.reason}`);
  return result.value;
}

function list(query: string, extraWhere?: SQL) {
  return runList(db, items, spec, parsed(query), extraWhere);
}

function refusal(query: string) {
  const result = parseListQuery(qs(query), spec);
  if (result.ok) throw new Error(`accepted: ${query}`);
  expect(result.code).toBe('invalid_list_query');
  return { reason: result.reason, field: result.field };
}

const names = (rows: { name: string }[]) => rows.map((r) => r.name);
const ids = (rows: { id: string }[]) => rows.map((r) => r.id);
const rowsWhere = (keep: (r: ReturnType<typeof row>) => boolean) =>
  Array.from({ length: ROWS }, (_, i) => row(i)).filter(keep);

async function allPagesByCursor(query: string, extraWhere?: SQL) {
  const seen: string[] = [];
  let cursor: string | undefined;
  let pages = 0;
  do {
    const page = await list(cursor ? `${query}&cursor=${cursor}` : query, extraWhere);
    seen.push(...ids(page.data));
    cursor = page.nextCursor;
    pages += 1;
    expect(pages).toBeLessThan(100);
  } while (cursor);
  return { seen, pages };
}

describe('limit', () => {
  it('defaults to 100 and counts every matching row in total', async () => {
    const page = await list('');
    expect(page.data).toHaveLength(ROWS);
    expect(page.total).toBe(ROWS);
    expect(page.nextCursor).toBeUndefined();
    expect(parsed('').limit).toBe(LIST_DEFAULT_LIMIT);
  });

  it('takes an empty value as absent, as SPEC §7 sends `query=&orderBy=`', async () => {
    expect(parsed('limit=&query=&orderBy=&offset=').limit).toBe(LIST_DEFAULT_LIMIT);
  });

  it('answers one row with limit 1 while total still counts all', async () => {
    const page = await list('limit=1');
    expect(page.data).toHaveLength(1);
    expect(page.total).toBe(ROWS);
    expect(page.nextCursor).toEqual(expect.any(String));
  });

  it('accepts the SPEC §9 page limit of 500', async () => {
    const page = await list('limit=500');
    expect(page.data).toHaveLength(ROWS);
  });

  it.each([
    ['limit=0', 'limit must be at least 1'],
    ['limit=-3', 'limit must be at least 1'],
    ['limit=501', 'limit must be at most 500'],
    ['limit=abc', 'limit must be a whole number'],
    ['limit=1.5', 'limit must be a whole number'],
    ['limit=10&limit=20', 'limit must be a whole number'],
  ])('refuses %s', (query, reason) => {
    expect(refusal(query)).toEqual({ reason, field: 'limit' });
  });

  it('refuses a negative or non-numeric offset', () => {
    expect(refusal('offset=-1')).toEqual({ reason: 'offset must be at least 0', field: 'offset' });
    expect(refusal('offset=x')).toEqual({ reason: 'offset must be a whole number', field: 'offset' });
  });
});

describe('offset paging', () => {
  it('covers every row exactly once, page after page', async () => {
    const seen: string[] = [];
    for (let offset = 0; offset < ROWS + 7; offset += 7) {
      const page = await list(`limit=7&offset=${offset}`);
      expect(page.total).toBe(ROWS);
      seen.push(...ids(page.data));
    }
    expect(seen).toHaveLength(ROWS);
    expect(new Set(seen).size).toBe(ROWS);
  });

  it('answers an empty page past the end with the full total', async () => {
    const page = await list('offset=1000');
    expect(page).toEqual({ data: [], total: ROWS });
  });
});

describe('keyset cursor paging', () => {
  it.each([
    'name',
    '-name',
    'config.state',
    '-config.state',
    'config.battery',
    '-config.battery',
    'createdAt',
    '-createdAt',
    'config.state,-config.battery',
    '-createdAt,name',
  ])('orderBy %s: pages of 4 follow the full order without gaps or repeats', async (orderBy) => {
    const full = await list(`limit=500&orderBy=${orderBy}`);
    const { seen, pages } = await allPagesByCursor(`limit=4&orderBy=${orderBy}`);
    expect(seen).toEqual(ids(full.data));
    expect(pages).toBe(Math.ceil(ROWS / 4));
  });

  it('keeps ties a microsecond apart in order (created_at pairs share the millisecond)', async () => {
    const full = await list('limit=500&orderBy=createdAt');
    const { seen } = await allPagesByCursor('limit=1&orderBy=createdAt');
    expect(seen).toEqual(ids(full.data));
  });

  it('pages inside a filter, a query and the caller scope', async () => {
    const scope = sql`${items.zone} <> 'c'`;
    const query = `limit=2&orderBy=-config.battery&query=L&${where({ 'config.active': true })}`;
    const full = await list(query.replace('limit=2', 'limit=500'), scope);
    const { seen } = await allPagesByCursor(query, scope);
    expect(seen).toEqual(ids(full.data));
    expect(seen).toHaveLength(rowsWhere((r) => r.zone !== 'c' && r.config.active).length);
  });

  it('has no next cursor on the last page', async () => {
    const page = await list(`limit=${ROWS}`);
    expect(page.nextCursor).toBeUndefined();
  });

  it('refuses a cursor together with an offset', async () => {
    const { nextCursor } = await list('limit=2');
    expect(refusal(`cursor=${nextCursor}&offset=0`)).toEqual({
      reason: 'Use either offset or cursor, not both',
      field: 'cursor',
    });
  });

  it('refuses a cursor made for another orderBy', async () => {
    const { nextCursor } = await list('limit=2&orderBy=name');
    expect(refusal(`orderBy=-name&cursor=${nextCursor}`)).toEqual({
      reason: 'cursor was made for another orderBy',
      field: 'cursor',
    });
  });

  it.each([
    'not*base64',
    Buffer.from('not json').toString('base64url'),
    Buffer.from('{"o":"name","k":[1]}').toString('base64url'),
  ])('refuses the malformed cursor %s', (cursor) => {
    expect(refusal(`cursor=${cursor}`)).toEqual({ reason: 'cursor is invalid', field: 'cursor' });
  });

  it('answers 400, not 500, for a cursor edited to a value its key cannot hold', async () => {
    const cursor = Buffer.from(JSON.stringify({ o: 'createdAt', k: ['yesterday-ish', idOf(1)] })).toString(
      'base64url',
    );
    const attempt = list(`orderBy=createdAt&cursor=${cursor}`);
    await expect(attempt).rejects.toBeInstanceOf(HttpError);
    await expect(attempt).rejects.toMatchObject({
      statusCode: 400,
      code: 'invalid_list_query',
      field: 'cursor',
    });
  });
});

describe('orderBy', () => {
  it('orders ascending by default order, descending with a leading minus, ties by id', async () => {
    const asc = await list('');
    // Only the plain words: the order of the others depends on the database collation.
    const words = names(asc.data).filter((n) => WORDS.includes(n));
    expect(words).toEqual([...words].sort());
    const desc = await list('orderBy=-name');
    expect(names(desc.data)).toEqual([...names(asc.data)].reverse());
    const alphas = asc.data.filter((r) => r.name === 'alpha');
    expect(ids(alphas)).toEqual([...ids(alphas)].sort());
  });

  it('orders by several comma-separated fields', async () => {
    const page = await list('orderBy=config.state,-createdAt');
    const keys = page.data.map((r) => [r.config.state, r.createdAt.getTime()] as const);
    for (let i = 1; i < keys.length; i++) {
      const [prevState, prevAt] = keys[i - 1];
      const [state, at] = keys[i];
      expect(prevState <= state).toBe(true);
      if (prevState === state) expect(prevAt >= at).toBe(true);
    }
  });

  it('puts rows without the value last ascending and first descending', async () => {
    const asc = await list('orderBy=config.battery');
    const desc = await list('orderBy=-config.battery');
    expect(asc.data.at(-1)?.config.battery).toBeUndefined();
    expect(desc.data[0].config.battery).toBeUndefined();
  });

  it.each([
    ['orderBy=secret', 'Unknown orderBy field "secret"'],
    ['orderBy=name,-zone', 'Unknown orderBy field "zone"'],
    ['orderBy=name;drop table list_items', 'Unknown orderBy field "name;drop table list_items"'],
    ['orderBy=name,-name', 'orderBy names "name" twice'],
    ['orderBy=name,,createdAt', 'orderBy has an empty field'],
  ])('refuses %s', (query, reason) => {
    expect(refusal(query)).toEqual({ reason, field: 'orderBy' });
  });
});

describe('query', () => {
  it('matches text fields case-insensitively', async () => {
    const page = await list('query=ALPHA');
    expect(page.total).toBe(11);
    expect(new Set(names(page.data))).toEqual(new Set(['alpha', 'ALPHA upper']));
  });

  it('matches any of the search fields', async () => {
    const page = await list('query=L41');
    expect(names(page.data)).toEqual(['1000 cotton']);
  });

  it('matches % and _ literally', async () => {
    expect(names((await list(`query=${encodeURIComponent('100%')}`)).data)).toEqual(['100% cotton']);
    expect(names((await list('query=under_')).data)).toEqual(['under_score']);
    expect(names((await list(`query=${encodeURIComponent('\\')}`)).data)).toEqual([]);
  });

  it('needs every word to match', async () => {
    expect(names((await list('query=cotton+100%25')).data)).toEqual(['100% cotton']);
    expect((await list('query=cotton+nothing')).total).toBe(0);
  });

  it('refuses a query longer than 200 characters', () => {
    expect(refusal(`query=${'x'.repeat(201)}`)).toEqual({
      reason: 'query must be at most 200 characters',
      field: 'query',
    });
  });

  it('refuses a query on a list without text search', () => {
    const result = parseListQuery({ query: 'x' }, { ...spec, search: undefined });
    expect(result).toMatchObject({ ok: false, reason: 'This list has no text search', field: 'query' });
  });
});

describe('where', () => {
  it('filters with an implicit $eq', async () => {
    const page = await list(where({ 'config.state': 'deployed' }));
    expect(page.total).toBe(rowsWhere((r) => r.config.state === 'deployed').length);
    expect(page.data.every((r) => r.config.state === 'deployed')).toBe(true);
  });

  it.each([
    [{ 'config.state': { $eq: 'stored' } }, (r: ReturnType<typeof row>) => r.config.state === 'stored'],
    [
      { 'config.state': { $in: ['deployed', 'ready_to_deploy'] } },
      (r: ReturnType<typeof row>) => r.config.state !== 'stored',
    ],
    [{ 'config.state': { $in: [] } }, () => false],
    [
      { 'config.coordinates': { $exists: true } },
      (r: ReturnType<typeof row>) => r.config.coordinates !== undefined,
    ],
    [{ 'config.battery': { $exists: false } }, (r: ReturnType<typeof row>) => r.config.battery === undefined],
    [{ name: { $prefix: '100' } }, (r: ReturnType<typeof row>) => r.name.startsWith('100')],
    [{ name: { $prefix: '100%' } }, (r: ReturnType<typeof row>) => r.name === '100% cotton'],
    [{ name: { $prefix: 'under_' } }, (r: ReturnType<typeof row>) => r.name === 'under_score'],
    [
      { 'config.battery': { $gte: 2800, $lte: 2900 } },
      (r: ReturnType<typeof row>) =>
        r.config.battery !== undefined && r.config.battery >= 2800 && r.config.battery <= 2900,
    ],
    [{ 'config.battery': 2750.0 }, (r: ReturnType<typeof row>) => r.config.battery === 2750],
    [
      { createdAt: { $gte: '2024-01-01T00:00:05Z', $lte: '2024-01-01T00:00:06.000000Z' } },
      (r: ReturnType<typeof row>) => r.at >= '2024-01-01T00:00:05' && r.at <= '2024-01-01T00:00:06.000000Z',
    ],
    [{ createdAt: { $lte: '2023-12-31' } }, () => false],
    [
      { name: { $gte: 'delta', $lte: 'gamma' } },
      (r: ReturnType<typeof row>) => r.name >= 'delta' && r.name <= 'gamma',
    ],
    [{ 'config.active': false }, (r: ReturnType<typeof row>) => !r.config.active],
    [
      { id: { $in: [idOf(3), idOf(4), idOf(999)] } },
      (r: ReturnType<typeof row>) => r.id === idOf(3) || r.id === idOf(4),
    ],
    [
      { 'config.state': 'deployed', 'config.location': FLOOR_A },
      (r: ReturnType<typeof row>) => r.config.state === 'deployed' && r.config.location === FLOOR_A,
    ],
  ])('%j', async (filter, keep) => {
    const page = await list(`limit=500&${where(filter)}`);
    expect(ids(page.data).sort()).toEqual(ids(rowsWhere(keep)).sort());
    expect(page.total).toBe(page.data.length);
  });

  it.each([
    [{ 'config.secret': 'x' }, 'Unknown filter field "config.secret"', 'config.secret'],
    [{ zone: 'a' }, 'Unknown filter field "zone"', 'zone'],
    [{ $or: [{ name: 'alpha' }] }, 'Unknown filter operator "$or"', 'where'],
    [{ name: { $ne: 'alpha' } }, 'Unknown filter operator "$ne" on "name"', 'name'],
    [{ name: { $regex: '.*' } }, 'Unknown filter operator "$regex" on "name"', 'name'],
    [{ name: {} }, 'Filter "name" has no operator', 'name'],
    [{ name: { first: 'x' } }, 'Unknown filter operator "first" on "name"', 'name'],
    [
      { 'config.battery': { $prefix: '27' } },
      'Filter "config.battery" does not support $prefix',
      'config.battery',
    ],
    [
      { 'config.coordinates': { lat: 45 } },
      'Unknown filter operator "lat" on "config.coordinates"',
      'config.coordinates',
    ],
    [{ 'config.coordinates': 'x' }, 'Filter "config.coordinates" does not support $eq', 'config.coordinates'],
  ])('refuses the unknown %j', (filter, reason, field) => {
    expect(refusal(where(filter))).toEqual({ reason, field });
  });

  it.each([
    [{ 'config.battery': '2800' }, 'Filter "config.battery" needs a number for $eq'],
    [{ 'config.battery': { $gte: 'lots' } }, 'Filter "config.battery" needs a number for $gte'],
    [{ 'config.state': 3 }, 'Filter "config.state" needs text for $eq'],
    [{ 'config.state': null }, 'Filter "config.state" needs text for $eq'],
    [{ 'config.state': ['deployed'] }, 'Filter "config.state" needs text for $eq'],
    [{ 'config.state': { $in: 'deployed' } }, 'Filter "config.state" needs a list for $in'],
    [{ 'config.state': { $in: ['deployed', 7] } }, 'Filter "config.state" needs text for $in'],
    [{ 'config.state': { $exists: 'yes' } }, 'Filter "config.state" needs true or false for $exists'],
    [{ 'config.active': 'true' }, 'Filter "config.active" needs true or false for $eq'],
    [
      { createdAt: { $gte: 'last week' } },
      'Filter "createdAt" needs an ISO date or date-time with offset for $gte',
    ],
    [
      { createdAt: { $gte: '2024-02-30' } },
      'Filter "createdAt" needs an ISO date or date-time with offset for $gte',
    ],
    [{ id: 'not-a-uuid' }, 'Filter "id" needs a UUID for $eq'],
  ])('refuses the wrongly typed %j', (filter, reason) => {
    expect(refusal(where(filter)).reason).toBe(reason);
  });

  it('accepts 500 values in $in (SPEC §9 chunks) and refuses more than 1000', async () => {
    const many = (n: number) => Array.from({ length: n }, (_, i) => idOf(i));
    expect((await list(where({ id: { $in: many(500) } }))).total).toBe(ROWS);
    expect(refusal(where({ 'config.state': { $in: many(1001) } })).reason).toBe(
      'Filter "config.state" allows at most 1000 values for $in',
    );
  });

  it.each([
    ['where={config.state:1}', 'where must be valid JSON'],
    ['where=%5B%5D', 'where must be a JSON object'],
    ['where=null', 'where must be a JSON object'],
    ['where="deployed"', 'where must be a JSON object'],
    ['where=a&where=b', 'where must be a single value'],
  ])('refuses %s', (query, reason) => {
    expect(refusal(query)).toEqual({ reason, field: 'where' });
  });
});

describe('dotted shorthand parameters (SPEC §7 calls)', () => {
  it('read `config.state=…&config.location=…` as equality', async () => {
    const page = await list(`config.state=deployed&config.location=${FLOOR_B}`);
    const expected = await list(where({ 'config.state': 'deployed', 'config.location': FLOOR_B }));
    expect(page.total).toBeGreaterThan(0);
    expect(ids(page.data)).toEqual(ids(expected.data));
  });

  it('read a repeated parameter as $in', async () => {
    const page = await list('limit=500&config.state=deployed&config.state=ready_to_deploy');
    expect(page.total).toBe(rowsWhere((r) => r.config.state !== 'stored').length);
  });

  it('combine with where and coerce numbers and booleans', async () => {
    const page = await list(
      `limit=500&config.battery=2750&config.active=false&${where({ name: { $prefix: 'b' } })}`,
    );
    expect(ids(page.data).sort()).toEqual(
      ids(rowsWhere((r) => r.config.battery === 2750 && !r.config.active && r.name.startsWith('b'))).sort(),
    );
  });

  it('leave plain route parameters such as sku=all alone', async () => {
    expect((await list('sku=all&locationFields=name')).total).toBe(ROWS);
  });

  it('refuse an unknown dotted field and a wrong value', () => {
    expect(refusal('config.secret=x')).toEqual({
      reason: 'Unknown filter field "config.secret"',
      field: 'config.secret',
    });
    expect(refusal('config.battery=high')).toEqual({
      reason: 'Filter "config.battery" needs a number for $eq',
      field: 'config.battery',
    });
    expect(refusal('config.active=yes').reason).toBe('Filter "config.active" needs true or false for $eq');
  });
});

describe('SQL safety', () => {
  const evil = "'; drop table list_items; --";

  it.each([
    `query=${encodeURIComponent(evil)}`,
    where({ 'config.state': evil }),
    where({ name: { $prefix: evil } }),
    where({ name: { $in: [evil, `x' or '1'='1`] } }),
    `config.location=${encodeURIComponent(`x' or '1'='1`)}`,
  ])('%s matches nothing and drops nothing', async (query) => {
    const page = await list(query);
    expect(page).toEqual({ data: [], total: 0 });
    const [{ count }] = (
      await pglite.query<{ count: number }>('select count(*)::int as count from list_items')
    ).rows;
    expect(count).toBe(ROWS);
  });

  it('binds every value as a parameter', () => {
    const clauses = listClauses(
      parsed(`query=${encodeURIComponent(evil)}&${where({ 'config.state': evil })}`),
      spec,
    );
    const query = db.select().from(items).where(clauses.where).toSQL();
    expect(query.sql).not.toContain('drop table');
    expect(query.params).toContain(evil);
    // `query` is matched word by word.
    expect(query.params).toContain('%drop%');
    expect(query.params).toContain('%list\\_items;%');
  });
});

describe('extraWhere (the caller scope)', () => {
  // Written without parentheses on purpose: the helper must still keep the filter inside it.
  const scope = sql`${items.zone} = 'a' or ${items.zone} = 'b'`;
  const inScope = (r: ReturnType<typeof row>) => r.zone === 'a' || r.zone === 'b';

  it('limits data and total to the scope', async () => {
    const page = await list('limit=500', scope);
    expect(page.total).toBe(rowsWhere(inScope).length);
  });

  it('cannot be escaped by a filter, a query or a shorthand parameter', async () => {
    for (const query of [
      where({ 'config.state': 'stored' }),
      'config.state=stored',
      'query=alpha',
      `${where({ name: { $gte: '' } })}&query=a`,
    ]) {
      const page = await list(`limit=500&${query}`, scope);
      expect(page.data.length).toBeGreaterThan(0);
      expect(page.data.every((r) => r.zone === 'a' || r.zone === 'b')).toBe(true);
      expect(page.total).toBe(page.data.length);
    }
  });
});

describe('listQuerySchema', () => {
  it('passes other parameters through and parses its own output to the same', () => {
    const once = listQuerySchema.parse(qs('limit=5&orderBy=-name&sku=all&config.state=deployed'));
    expect(once).toMatchObject({ limit: 5, orderBy: '-name', sku: 'all', 'config.state': 'deployed' });
    expect(listQuerySchema.parse(once)).toEqual(once);
  });

  it('reads a querystring object without prototype, as Node parsers build it', () => {
    const raw = Object.assign(Object.create(null) as Record<string, unknown>, {
      limit: '3',
      'config.state': 'stored',
    });
    const result = parseListQuery(raw, spec);
    expect(result.ok && result.value).toMatchObject({
      limit: 3,
      filters: [{ field: 'config.state', op: '$eq' }],
    });
  });

  it('throws an HttpError 400 naming the field from parseListQueryOrThrow', () => {
    expect(() => parseListQueryOrThrow({ limit: '501' }, spec)).toThrow(
      expect.objectContaining({
        statusCode: 400,
        reason: 'limit must be at most 500',
        code: 'invalid_list_query',
        field: 'limit',
      }),
    );
  });
});

describe('runList types', () => {
  it('types rows from the table unless the caller names the type', async () => {
    const inferred = await list('limit=1');
    expectTypeOf(inferred.data[0].createdAt).toEqualTypeOf<Date>();
    expect(inferred.data[0].createdAt).toBeInstanceOf(Date);
    expect(Object.keys(inferred.data[0]).sort()).toEqual(['config', 'createdAt', 'id', 'name', 'zone']);

    const named = await runList<{ id: string }>(db, items, spec, parsed('limit=1'));
    expectTypeOf(named.data).toEqualTypeOf<{ id: string }[]>();
  });
});

describe('runList options for large lists', () => {
  it.each([
    'limit=7',
    'limit=7&offset=30',
    'orderBy=-config.battery&limit=9&offset=3',
    'orderBy=config.state,-createdAt&limit=5',
    `${where({ 'config.state': 'deployed' })}&orderBy=createdAt&limit=4&offset=2`,
    'query=alpha&limit=3',
    'limit=5&offset=500',
    'query=nothing-matches&limit=5',
  ])(
    'idsFirst and countInPage answer the same page, total and cursor as the plain query: %s',
    async (query) => {
      const plain = await list(query);
      const byIds = await runList(db, items, spec, parsed(query), undefined, { idsFirst: true });
      expect(byIds).toEqual(plain);
      for (const opts of [{ countInPage: true }, { countInPage: true, idsFirst: true }]) {
        expect(await runList(db, items, spec, parsed(query), undefined, opts)).toEqual(plain);
      }
      if (plain.nextCursor) {
        const next = `${query.replace(/&?offset=\d+/, '')}&cursor=${plain.nextCursor}`;
        expect(await runList(db, items, spec, parsed(next), undefined, { idsFirst: true })).toEqual(
          await list(next),
        );
      }
    },
  );

  it('keeps a total of at least `min` for the cache’s lifetime, and counts smaller totals every time', async () => {
    const cache = new TtlCache<number>(60_000);
    const big = { cache, min: ROWS };
    const all = await runList(db, items, spec, parsed('limit=1'), undefined, { totalCache: big });
    expect(all.total).toBe(ROWS);
    // A cached total stands until it expires, even if rows come and go meanwhile.
    const extra = '99999999-0000-4000-8000-000000000000';
    await pglite.query('insert into list_items values ($1, $2, $3, $4, now())', [
      extra,
      'zz extra',
      'a',
      '{}',
    ]);
    try {
      expect((await runList(db, items, spec, parsed('limit=1'), undefined, { totalCache: big })).total).toBe(
        ROWS,
      );
      expect((await list('limit=1')).total).toBe(ROWS + 1);
      const small = { cache, min: ROWS + 10 };
      const filtered = await runList(db, items, spec, parsed('query=extra'), undefined, {
        totalCache: small,
      });
      expect(filtered.total).toBe(1);
      await pglite.query('delete from list_items where id = $1', [extra]);
      expect(
        (await runList(db, items, spec, parsed('query=extra'), undefined, { totalCache: small })).total,
      ).toBe(0);
    } finally {
      await pglite.query('delete from list_items where id = $1', [extra]);
    }
  });
});
