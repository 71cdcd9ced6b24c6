import { beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { getTestApp } from '../helpers/app';

type Parameter = { name: string; in: string; description?: string };
type Doc = { paths: Record<string, Record<string, { parameters?: Parameter[] }>> };

let doc: Doc;
beforeAll(async () => {
  const app: FastifyInstance = await getTestApp();
  doc = (await app.inject({ url: '/docs/json' })).json() as Doc;
});

const queryOf = (path: string) =>
  new Map((doc.paths[path]?.get?.parameters ?? []).filter((p) => p.in === 'query').map((p) => [p.name, p]));

// The list contract (SPEC §7, ARCHITECTURE §4 'Lists'): /docs names each list's own sort fields and filters.
describe('each list route documents its own query string in /docs', () => {
  const lists = [
    '/api/tags',
    '/api/tags/export.csv',
    '/api/gateways',
    '/api/people',
    '/api/users',
    '/api/keys',
    '/api/zones',
    '/api/consoles',
    '/api/distribution-station',
    '/api/log/alerts',
    '/api/log/audit',
    '/api/log/batch',
    '/api/log/sync',
  ];

  it.each(lists)('%s: limit (at most 500), offset, cursor, orderBy and where', (path) => {
    const query = queryOf(path);
    for (const name of ['limit', 'offset', 'cursor', 'orderBy', 'where']) expect(query.has(name)).toBe(true);
    expect(query.get('limit')!.description).toMatch(/1 to 500/);
  });

  it('names the sort fields and filters of the list itself', () => {
    const tags = queryOf('/api/tags');
    expect(tags.get('orderBy')!.description).toMatch(/battery/);
    expect(tags.get('where')!.description).toMatch(/config\.state/);
    expect([...tags.keys()]).toEqual(
      expect.arrayContaining(['query', 'batteryLevel', 'ownerFields', 'zone']),
    );
    expect(queryOf('/api/tags/export.csv').has('tz')).toBe(true);
    expect(queryOf('/api/gateways').has('sku')).toBe(true);
    expect(queryOf('/api/log/audit').has('includeDetails')).toBe(true);
    expect(queryOf('/api/log/alerts').has('zone')).toBe(true);
    // Each list names its own fields, not another list's.
    expect(queryOf('/api/gateways').get('orderBy')!.description).not.toMatch(/battery/);
  });
});
