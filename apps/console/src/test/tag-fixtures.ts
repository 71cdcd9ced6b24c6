import type { RawRule, Tag, TagDetail } from '@vigil/domain';
import { json, stubFetch } from './fetch-stub';

/** A customer admin: lists, reads and updates tags, maintenance mode included, but not bulkUnflag. */
export const TAG_ADMIN_RULES: RawRule[] = [
  { action: ['list', 'read', 'update'], subject: ['Tag', 'Zone'] },
  { action: 'update', subject: 'Tag', fields: ['bulkUnflag'], inverted: true },
];

/** A deployed tag worn by Casey Nurse, healthy, seen a minute ago; only what a test cares about given. */
export function tagFixture(tag: Partial<Tag> & { id: string }): Tag {
  return {
    orgId: 'org-1',
    config: {
      state: 'deployed',
      owner: { name: 'Casey Nurse', personId: 'p-1' },
      label: 'Night shift',
      collection: null,
    },
    state: {
      battery: { current: { level: 2950, status: 'ok' } },
      firmware: { app: 52, boot: 7 },
      updatedAt: '2026-06-01T10:00:00.000Z',
    },
    maintMode: false,
    invoiceZone: null,
    station: null,
    location: { path: 'North Tower › Floor 1 › Unit A' },
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-06-01T10:00:00.000Z',
    ...tag,
  };
}

export function tagDetailFixture(tag: Partial<TagDetail> & { id: string }): TagDetail {
  return { reusable: true, replacementTimeline: null, stationName: null, ...tagFixture(tag), ...tag };
}

type Body = Record<string, unknown>;

/**
 * A small tags API over `fetch`: GET tags (paged, `config.state`/`battery`/`query` filters), GET and
 * PUT tags/{id}, bulk PUT tags (answered by `onBulk`, by default applied), 404 for the rest.
 */
export function serveTags(initial: Tag[], opts: { onBulk?: (body: Body) => Response | unknown } = {}) {
  const tags = new Map(initial.map((t) => [t.id, t]));
  const fetch = stubFetch((url, init) => {
    const method = init.method ?? 'GET';
    const body = init.body ? (JSON.parse(String(init.body)) as Body) : {};
    if (url.pathname === '/api/tags' && method === 'GET') {
      const state = url.searchParams.get('config.state');
      const query = url.searchParams.get('query')?.toLowerCase();
      const rows = [...tags.values()].filter(
        (t) =>
          (!state || t.config.state === state) &&
          (!query || `${t.id} ${t.config.owner?.name ?? ''}`.toLowerCase().includes(query)),
      );
      const limit = Number(url.searchParams.get('limit'));
      const offset = Number(url.searchParams.get('offset'));
      return { data: rows.slice(offset, offset + limit), total: rows.length };
    }
    if (url.pathname === '/api/tags' && method === 'PUT') {
      if (opts.onBulk) return opts.onBulk(body);
      return { batchId: '00000000-0000-4000-8000-000000000001', count: (body.ids as string[]).length };
    }
    const id = /^\/api\/tags\/([0-9a-f]{12})$/.exec(url.pathname)?.[1];
    const tag = id ? tags.get(id) : undefined;
    if (tag && method === 'GET') return tagDetailFixture(tag);
    if (tag && method === 'PUT') {
      const config = { ...tag.config };
      for (const key of ['state', 'owner', 'label', 'collection'] as const)
        if (key in body) Object.assign(config, { [key]: body[key] });
      const saved = {
        ...tag,
        config,
        ...('maintMode' in body ? { maintMode: body.maintMode as boolean } : {}),
      };
      tags.set(tag.id, saved);
      return saved;
    }
    return json({ reason: 'Tag not found' }, 404);
  });
  const calls = (method: string, path: string) =>
    fetch.mock.calls
      .filter(([, init]) => (init?.method ?? 'GET') === method)
      .map(([input, init]) => ({ url: new URL(String(input), 'http://localhost'), init }))
      .filter(({ url }) => url.pathname === path);
  const bodies = (method: string, path: string) =>
    calls(method, path).map(({ init }) => JSON.parse(String(init?.body)) as Body);
  return { fetch, tags, calls, bodies };
}
