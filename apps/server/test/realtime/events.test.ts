import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { zones } from '../../src/db/schema';
import { sseFrame } from '../../src/realtime/event-stream';
import { appendEvent, type RealtimeEvent } from '../../src/platform/realtime/bus';
import { customRole, placedUser } from '../helpers/alerts';
import { getTestApp, signIn } from '../helpers/app';
import { readStream } from '../helpers/sse';

let app: FastifyInstance;
let base: string;

beforeAll(async () => {
  app = await getTestApp();
  base = await app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await app.server.close();
});

async function zone(name: string) {
  return (await app.db.select().from(zones).where(eq(zones.name, name)))[0]!;
}

async function emit(zoneName: string, payload: Record<string, unknown>) {
  const z = await zone(zoneName);
  await app.db.transaction(async (tx) => {
    await appendEvent(tx, { orgId: z.path[1]!, zoneId: z.id, zonePath: z.path, type: 'alert', payload });
  });
}

describe('GET /api/events (SSE)', () => {
  it('streams committed events of the caller scope, and not those of another organisation', async () => {
    const demo = (await signIn(app, 'security@demo.example')).headers;
    const acme = (await signIn(app, 'admin@acme.example', 'acme')).headers;
    const demoStream = await fetch(`${base}/api/events`, { headers: demo });
    const acmeStream = await fetch(`${base}/api/events`, { headers: acme });
    expect(demoStream.status).toBe(200);
    expect(demoStream.headers.get('content-type')).toMatch(/text\/event-stream/);
    const marker = `m-${Date.now()}`;
    setTimeout(() => void emit('Room 201', { marker }), 300);
    const demoText = await readStream(demoStream, (t) => t.includes(marker));
    expect(demoText).toMatch(new RegExp(`id: \\d+\\nevent: alert\\ndata: \\{"marker": ?"${marker}"\\}`));
    const acmeText = await readStream(acmeStream, () => false, 1500);
    expect(acmeText).not.toContain(marker);
  });

  it('replays what was missed after Last-Event-ID, and sends reset for a pruned gap', async () => {
    const headers = (await signIn(app, 'security@demo.example')).headers;
    const first = `first-${Date.now()}`;
    const second = `second-${Date.now()}`;
    await emit('Room 202', { marker: first });
    const seqRow = await app.database.sql.query<{ seq: string }>('select max(seq) as seq from outbox');
    const seq = Number(seqRow.rows[0]!.seq);
    await emit('Room 202', { marker: second });
    const res = await fetch(`${base}/api/events`, { headers: { ...headers, 'last-event-id': String(seq) } });
    const text = await readStream(res, (t) => t.includes(second));
    expect(text).toContain(second);
    expect(text).not.toContain(first);

    await app.database.sql.query('delete from outbox where seq <= $1', [seq]);
    const gap = await fetch(`${base}/api/events`, { headers: { ...headers, 'last-event-id': '1' } });
    expect(await readStream(gap, (t) => t.includes('event: reset'))).toContain('event: reset');
  });

  it('needs read Alert', async () => {
    const headers = (await signIn(app, 'noaccess@demo.example')).headers;
    const res = await fetch(`${base}/api/events`, { headers });
    expect(res.status).toBe(403);
  });
});

describe('GET /api/events: test-mode alerts need read Alert test', () => {
  it('sends a test-mode alert event to a superAdmin, not to a caller without read Alert test, live or replayed', async () => {
    // Every seeded role that reads alerts also reads test ones (docs/ROLES.md), hence a custom role.
    const role = await customRole(app, [
      { action: ['list', 'read', 'update'], subject: 'Alert' },
      { action: 'read', subject: 'Alert', fields: ['test'], inverted: true },
    ]);
    const restricted = (await signIn(app, await placedUser(app, { zone: 'Demo Hospital', role }))).headers;
    const superAdmin = (await signIn(app, 'superadmin@vigil.example')).headers;
    const seqRow = await app.database.sql.query<{ seq: string }>(
      'select coalesce(max(seq), 0) as seq from outbox',
    );
    const before = String(seqRow.rows[0]!.seq);

    const adminStream = await fetch(`${base}/api/events`, { headers: superAdmin });
    const restrictedStream = await fetch(`${base}/api/events`, { headers: restricted });
    const testMarker = `test-${Date.now()}`;
    const liveMarker = `live-${Date.now()}`;
    setTimeout(() => {
      void (async () => {
        await emit('Room 201', { alert: { mode: 'test', marker: testMarker } });
        await emit('Room 201', { alert: { mode: 'help', marker: liveMarker } });
      })();
    }, 300);
    const adminText = await readStream(adminStream, (t) => t.includes(testMarker) && t.includes(liveMarker));
    expect(adminText).toContain(testMarker);
    const restrictedText = await readStream(restrictedStream, (t) => t.includes(liveMarker));
    expect(restrictedText).toContain(liveMarker);
    expect(restrictedText).not.toContain(testMarker);

    const replay = await fetch(`${base}/api/events`, { headers: { ...restricted, 'last-event-id': before } });
    const replayed = await readStream(replay, (t) => t.includes(liveMarker));
    expect(replayed).toContain(liveMarker);
    expect(replayed).not.toContain(testMarker);
    const adminReplay = await fetch(`${base}/api/events`, {
      headers: { ...superAdmin, 'last-event-id': before },
    });
    expect(await readStream(adminReplay, (t) => t.includes(testMarker))).toContain(testMarker);
  });
});

// bench/alert-latency: with 1,000 consoles on the stream, serialising an event once per stream was a
// third of the fan-out's CPU and more. It is serialised once and the same bytes go to every stream.
describe('SSE fan-out', () => {
  it('frames an event once, however many streams send it', () => {
    const event: RealtimeEvent = {
      seq: 7,
      orgId: 'o',
      zoneId: null,
      zonePath: null,
      type: 'alert',
      payload: { type: 'alert', alert: { id: 'a' } },
    };
    const frame = sseFrame(event);
    expect(frame.toString()).toBe('id: 7\nevent: alert\ndata: {"type":"alert","alert":{"id":"a"}}\n\n');
    expect(sseFrame(event)).toBe(frame);
  });

  it('sends 20 streams the same event with one serialisation of its payload', async () => {
    const headers = (await signIn(app, 'security@demo.example')).headers;
    const streams = await Promise.all(
      Array.from({ length: 20 }, () => fetch(`${base}/api/events`, { headers })),
    );
    expect(streams.map((s) => s.status)).toEqual(Array(20).fill(200));
    const room = await zone('Room 201');
    const marker = `fanout-${Date.now()}`;
    const stringify = vi.spyOn(JSON, 'stringify');
    try {
      setTimeout(() => {
        void app.db.transaction((tx) =>
          appendEvent(tx, {
            orgId: room!.path[1]!,
            zoneId: room!.id,
            zonePath: room!.path,
            type: 'alert',
            payload: { marker },
          }),
        );
      }, 200);
      const texts = await Promise.all(streams.map((s) => readStream(s, (t) => t.includes(marker))));
      for (const text of texts)
        expect(text).toMatch(new RegExp(`event: alert\\ndata: \\{"marker": ?"${marker}"\\}`));
      const ofPayload = stringify.mock.calls.filter(
        ([value]) => (value as { marker?: string } | null)?.marker === marker,
      );
      // At most one for the stream frame, and the database driver's own for the jsonb column.
      expect(ofPayload.length).toBeLessThanOrEqual(2);
    } finally {
      stringify.mockRestore();
    }
  });
});
