import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Caller } from '../platform/caller';
import type { Db } from '../platform/db/client';
import { eventInScope, type RealtimeBus, type RealtimeEvent } from '../platform/realtime/bus';
import { observeAlertEventSent, sseClients } from '../platform/metrics';

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

export type EventStream = {
  bus: RealtimeBus;
  db: Db;
  caller: Caller;
  /** The last event the console has (Last-Event-ID), to replay what came after it. */
  after: number | undefined;
  requestId: string;
  req: IncomingMessage;
  res: ServerResponse;
  /** The open streams, which the server ends when it closes. */
  open: Set<ServerResponse>;
};

/**
 * Streams the caller's events on `res` until the client goes: subscribed first and buffered while
 * replaying, so nothing falls between replay and live.
 */
export async function streamEvents({ bus, db, caller, after, requestId, req, res, open }: EventStream) {
  // Test-mode alerts reach only callers who may read them (read Alert test), live and on replay.
  const seesTests = caller.ability.can('read', 'Alert', 'test');
  const visible = (event: RealtimeEvent) => seesTests || !isTestAlertEvent(event);

  res.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-store',
    connection: 'keep-alive',
    'x-accel-buffering': 'no',
    'x-request-id': requestId,
  });
  const send = (event: RealtimeEvent) => res.write(sseFrame(event));
  const sendLive = (event: RealtimeEvent) => {
    send(event);
    observeAlertEventSent(event);
  };
  res.write(`retry: 2000\n: connected\n\n`);

  const buffered: RealtimeEvent[] = [];
  let live = false;
  let lastSent = after ?? 0;
  const unsubscribe = bus.subscribe((event) => {
    if (!eventInScope(event, caller.scope) || !visible(event)) return;
    if (!live) buffered.push(event);
    else if (event.seq > lastSent) {
      lastSent = event.seq;
      sendLive(event);
    }
  });
  const keepAlive = setInterval(() => res.write(`: keep-alive\n\n`), SSE_KEEPALIVE_MS);
  open.add(res);
  sseClients.inc();
  req.on('close', () => {
    clearInterval(keepAlive);
    unsubscribe();
    open.delete(res);
    sseClients.dec();
  });

  if (after !== undefined) {
    const { reset, events } = await bus.replay(db, after, caller.scope);
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
      sendLive(event);
    }
  }
}
