import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { auditLog, gateways, markers } from '../../src/db/schema';
import { freshMac } from '../helpers/alerts';

// What the marker tests share: requests, a gateway of their own, and the rows they check.

export type Headers = Record<string, string>;
type Json = Record<string, unknown>;

export function markerClient(app: FastifyInstance, fallback: () => Headers) {
  const send = (
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    payload?: object,
    headers?: Headers,
  ) => app.inject({ method, url, headers: headers ?? fallback(), ...(payload ? { payload } : {}) });
  return {
    list: (query: string, headers?: Headers) => send('GET', `/api/markers?${query}`, undefined, headers),
    create: (body: object, headers?: Headers) => send('POST', '/api/markers', body, headers),
    update: (id: string, body: object, headers?: Headers) => send('PUT', `/api/markers/${id}`, body, headers),
    remove: (id: string, headers?: Headers) => send('DELETE', `/api/markers/${id}`, undefined, headers),
    assign: (id: string, gateway: string, headers?: Headers) =>
      send('POST', `/api/markers/${id}/assign/${gateway}`, undefined, headers),
  };
}

/** A marker made through the API (it must succeed), answered as JSON. */
export async function made(res: { statusCode: number; body: string; json(): unknown }): Promise<Json> {
  if (res.statusCode !== 200) throw new Error(`expected 200, got ${res.statusCode} ${res.body}`);
  return res.json() as Json;
}

/** A gateway of its own (tests share one database): ready to deploy, not placed, unless told. */
export async function freshGateway(
  app: FastifyInstance,
  orgId: string,
  opts: { zoneId?: string | null; config?: Json } = {},
): Promise<string> {
  const id = freshMac();
  await app.db.insert(gateways).values({
    id,
    orgId,
    zoneId: opts.zoneId ?? null,
    config: { state: 'ready_to_deploy', logistics: { sku: 'GW2' }, labels: [], notes: '', ...opts.config },
    state: { status: 'connected', updatedAt: new Date().toISOString() },
  });
  return id;
}

export async function gatewayRow(app: FastifyInstance, id: string) {
  const [row] = await app.db.select().from(gateways).where(eq(gateways.id, id));
  return row!;
}

export async function markerRow(app: FastifyInstance, id: string) {
  const [row] = await app.db.select().from(markers).where(eq(markers.id, id));
  return row;
}

export async function auditOf(app: FastifyInstance, entity: string, id: string) {
  return app.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entity, entity), eq(auditLog.entityId, id)))
    .orderBy(auditLog.id);
}
