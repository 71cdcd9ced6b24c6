import type { ServerResponse } from 'node:http';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { callerOf } from '../platform/access';
import { eventInScope, type RealtimeEvent } from '../platform/realtime/bus';

/** SSE keep-alive: proxies cut idle streams at 60 s (ARCHITECTURE §5). */
export const SSE_KEEPALIVE_MS = 15_000;

/** A test-mode alert's event (its payload's `alert.mode` is 'test'). */
export function isTestAlertEvent(event: RealtimeEvent): boolean {
  if (event.testAlert !== undefined) return event.testAlert;
  const alert = event.payload.alert;
  return typeof alert === 'object' && alert !== null && (alert as { mode?: unknown }).mode === 'test';
}

const frames = new WeakMap<RealtimeEvent, Buffer>();

/**
 * An event as SSE bytes, built once per event and shared by every stream that sends it: with 1,000
 * consoles connected, serialising it per stream was a third of the fan-out's CPU and more
 * (docs/BENCHMARKS.md "Press to console").
 */
export function sseFrame(event: RealtimeEvent): Buffer {
  let frame = frames.get(event);
  if (!frame) {
    frame = Buffer.from(
      `id: ${event.seq}\nevent: ${event.type}\ndata: ${event.json ?? JSON.stringify(event.payload)}\n\n`,
    );
    frames.set(event, frame);
  }
  return frame;
}

/**
 * GET /api/events: Server-Sent Events of the caller's scope. Event ids are outbox sequence numbers,
 * so a reconnect with Last-Event-ID replays what was missed; a gap beyond retention sends `reset`.
 */
export const eventRoutes: FastifyPluginAsyncZod = async (app) => {
  // Open streams end when the server closes (graceful shutdown must not wait on them).
  const open = new Set<ServerResponse>();
  app.addHook('preClose', async () => {
    for (const res of open) res.end();
  });

  app.get(
    '/api/events',
    {
      config: { permission: ['read', 'Alert'] },
      schema: {
        querystring: z.object({ lastEventId: z.coerce.number().int().min(0).optional() }),
        hide: true,
      },
    },
    async (req, reply) => {
      const caller = callerOf(req);
      const header = Number(req.headers['last-event-id']);
      const after = Number.isFinite(header) && header >= 0 ? header : req.query.lastEventId;
      const bus = app.realtime;
      // Test-mode alerts reach only callers who may read them (read Alert test), live and on replay.
      const seesTests = caller.ability.can('read', 'Alert', 'test');
      const visible = (event: RealtimeEvent) => seesTests || !isTestAlertEvent(event);

      reply.hijack();
      const res = reply.raw;
      res.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-store',
        connection: 'keep-alive',
        'x-accel-buffering': 'no',
        'x-request-id': String(req.id),
      });
      const send = (event: RealtimeEvent) => res.write(sseFrame(event));
      res.write(`retry: 2000\n: connected\n\n`);

      // Subscribe first, buffer while replaying, so nothing falls between replay and live.
      const buffered: RealtimeEvent[] = [];
      let live = false;
      let lastSent = after ?? 0;
      const unsubscribe = bus.subscribe((event) => {
        if (!eventInScope(event, caller.scope) || !visible(event)) return;
        if (!live) buffered.push(event);
        else if (event.seq > lastSent) {
          lastSent = event.seq;
          send(event);
        }
      });
      const keepAlive = setInterval(() => res.write(`: keep-alive\n\n`), SSE_KEEPALIVE_MS);
      open.add(res);
      req.raw.on('close', () => {
        clearInterval(keepAlive);
        unsubscribe();
        open.delete(res);
      });

      if (after !== undefined) {
        const { reset, events } = await bus.replay(app.db, after, caller.scope);
        if (reset) res.write(`event: reset\ndata: {}\n\n`);
        for (const event of events) {
          lastSent = Math.max(lastSent, event.seq);
          if (visible(event)) send(event);
        }
      }
      live = true;
      for (const event of buffered) {
        if (event.seq > lastSent) {
          lastSent = event.seq;
          send(event);
        }
      }
    },
  );
};
