import type { Gateway, GatewayDetail, GatewayMetrics, RawRule } from '@vigil/domain';
import { json, stubFetch } from './fetch-stub';
import { zoneFixture } from './zone-fixtures';

/** A customer admin: lists, reads and updates gateways. */
export const GATEWAY_ADMIN_RULES: RawRule[] = [{ action: ['list', 'read', 'update'], subject: 'Gateway' }];
/** The default role: lists and reads only. */
export const GATEWAY_VIEWER_RULES: RawRule[] = [{ action: ['list', 'read'], subject: 'Gateway' }];

const ROOM = '11111111-1111-4111-8111-111111111111';
const recent = () => new Date(Date.now() - 60_000).toISOString();

/** A connected, deployed GW2 in Room 201, with only the fields a test cares about given. */
export function gatewayFixture(over: Partial<Gateway> & { id: string }): Gateway {
  return {
    orgId: 'org-1',
    config: { state: 'deployed', location: ROOM, logistics: { sku: 'GW2' }, labels: [], notes: '' },
    state: {
      status: 'connected',
      updatedAt: recent(),
      version: { app: '5.2.1' },
      hardware: { revision: 'v3' },
    },
    location: {
      floor: 'Floor 2',
      unit: 'Ward 3',
      area: 'Room 201',
      path: 'North Tower › Floor 2 › Ward 3 › Room 201',
    },
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    ...over,
  };
}

/** The detail answer of a gateway (every location name, its commands: none unless given). */
export function detailOf(gateway: Gateway | GatewayDetail, over: Partial<GatewayDetail> = {}): GatewayDetail {
  return {
    commands: [],
    ...gateway,
    location: {
      site: null,
      building: null,
      floor: null,
      unit: null,
      area: null,
      path: null,
      ...gateway.location,
    },
    ...over,
  };
}

const metric = (percent: number | null, total = 4, count = 4) => ({ percent, total, count });
export const PASSING_METRICS = (gateway: string): GatewayMetrics => ({
  gateway,
  button: metric(95),
  coverage: metric(85, 4, 1),
  floor: metric(51, 4, 2),
});

type Body = Record<string, unknown>;
type Options = {
  metrics?: (id: string) => GatewayMetrics | null;
  onWrite?: (method: string, path: string, body: Body) => Response | unknown;
};

/**
 * A small gateways API over `fetch`: GET gateways (paged), GET gateways/{id}, GET metrics/gateways,
 * GET zones/{id} (the picker's name), and the writes (answered by `onWrite`, by default applied).
 */
export function serveGateways(initial: (Gateway | GatewayDetail)[], opts: Options = {}) {
  const gateways = new Map(initial.map((g) => [g.id, detailOf(g)]));
  const fetch = stubFetch((url, init) => {
    const method = init.method ?? 'GET';
    const body = init.body ? (JSON.parse(String(init.body)) as Body) : {};
    const path = url.pathname;
    if (method !== 'GET' && opts.onWrite) {
      const answer = opts.onWrite(method, path, body);
      if (answer !== undefined) return answer;
    }
    if (path === '/api/gateways' && method === 'GET') {
      const rows = [...gateways.values()].map(({ commands: _c, ...g }) => g);
      const limit = Number(url.searchParams.get('limit'));
      const offset = Number(url.searchParams.get('offset'));
      return { data: rows.slice(offset, offset + limit), total: rows.length };
    }
    if (path === '/api/gateways' && method === 'PUT') {
      return { batchId: '00000000-0000-4000-8000-000000000001', count: (body.ids as string[]).length };
    }
    if (path === '/api/metrics/gateways') {
      const id = url.searchParams.get('gateway') ?? '';
      const m = opts.metrics ? opts.metrics(id) : PASSING_METRICS(id);
      return { data: m ? [m] : [] };
    }
    const zone = /^\/api\/zones\/(.+)$/.exec(path)?.[1];
    if (zone) return zoneFixture({ id: zone, name: zone === ROOM ? 'Room 201' : 'Some zone', level: 'area' });
    const [, id, action] = /^\/api\/gateways\/([0-9a-f]{12})(\/.*)?$/.exec(path) ?? [];
    const gateway = id ? gateways.get(id) : undefined;
    if (!gateway) return json({ reason: 'Gateway not found' }, 404);
    if (method === 'GET') return gateway;
    if (method === 'PUT') {
      const saved = { ...gateway, config: { ...gateway.config, ...body } };
      gateways.set(gateway.id, saved);
      return saved;
    }
    if (action === '/unassign') {
      const saved: GatewayDetail = {
        ...gateway,
        config: { ...gateway.config, location: null, state: body.action === 'lost' ? 'lost' : 'undeployed' },
        location: { site: null, building: null, floor: null, unit: null, area: null, path: null },
      };
      gateways.set(gateway.id, saved);
      return saved;
    }
    if (action === '/command/diag') return { count: 1, gateways: [gateway.id] };
    return json({ reason: 'Not found' }, 404);
  });
  const calls = (method: string, path: string) =>
    fetch.mock.calls
      .filter(([, init]) => (init?.method ?? 'GET') === method)
      .map(([input, init]) => ({ url: new URL(String(input), 'http://localhost'), init }))
      .filter(({ url }) => url.pathname === path);
  const bodies = (method: string, path: string) =>
    calls(method, path).map(({ init }) => JSON.parse(String(init?.body ?? '{}')) as Body);
  return { fetch, gateways, calls, bodies };
}
