import { beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { eventsForPattern, isMove, positionsAfter, type Sighting, type SightingsPost } from '@vigil/domain';
import { sightingBatches, tagMoves, tagPositions, tags as tagsTable } from '../../src/db/schema';
import { DEMO_GATEWAY_IDS } from '../../src/db/seed';
import { isEmbedded } from '../../src/platform/db/client';
import { HttpError } from '../../src/platform/errors';
import { authenticateGatewayKey } from '../../src/ingest';
import { ingestButtonEvents } from '../../src/ingest/batcher';
import { positionsOf } from '../../src/sightings';
import { applySightings } from '../../src/sightings/apply-sightings';
import { sightingsStats, sightingsWriter } from '../../src/sightings/writer';
import { getTestApp } from '../helpers/app';
import { alertOf } from '../helpers/spawn';
import { freshMac, freshTag, gatewayAuth } from '../helpers/alerts';
import { orgIdOf, otherOrgGateway } from './helpers';

// Issue 20 "Speed": sightings posts are written by a group commit (sightings/writer.ts): concurrent
// posts go in one flush, applied in arrival order by the domain rule, each answered its own answer;
// the writer keeps the positions it read or wrote as a hint (position-cache.ts), never the truth.

let app: FastifyInstance;
let demo: string;
const [A, B, C] = DEMO_GATEWAY_IDS as [string, string, string];
const base = Math.floor((Date.now() - 3600_000) / 1000) * 1000;
const at = (s: number) => base + s * 1000;
let batches = 0;

beforeAll(async () => {
  app = await getTestApp();
  demo = await orgIdOf(app, 'demo');
});

type Heard = { tag: string; rssi: number; at: number };
const postOf = (
  gateway: string,
  heard: Heard[],
  batch = `gc-${process.pid}-${batches++}`,
): SightingsPost => ({
  gateway,
  batch,
  sightings: heard.map((h) => ({ tag: h.tag, rssi: h.rssi, at: new Date(h.at).toISOString() })),
});

async function positionOf(tag: string): Promise<Sighting | undefined> {
  const [p] = await positionsOf(app.db, demo, [tag]);
  return p && { gateway: p.gateway, rssi: p.rssi, at: p.seenAt.getTime() };
}

describe('sightings group commit (issue 20 "Speed")', () => {
  it('writes concurrent posts in one flush, in arrival order, each answered as if posted alone', async () => {
    const tags = [await freshTag(app, null), await freshTag(app, null), await freshTag(app, null)];
    let seed = 7;
    const rand = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed % n;
    };
    const posts = Array.from({ length: 12 }, (_, n) => {
      const gateway = [A, B, C][rand(3)]!;
      return {
        gateway,
        heard: Array.from({ length: 1 + rand(5) }, () => ({
          tag: tags[rand(3)]!,
          rssi: -40 - rand(50),
          at: at(100 + n + rand(12) - 6),
        })),
      };
    });
    // What the domain rule gives post by post, in this order.
    let expected = new Map<string, Sighting>();
    const answers = posts.map((p) => {
      const next = positionsAfter(
        p.heard.map((h) => ({ ...h, gateway: p.gateway })),
        expected,
      );
      const moved = [...new Set(p.heard.map((h) => h.tag))].filter((t) =>
        isMove(expected.get(t), next.get(t)!),
      );
      expected = next;
      return { accepted: p.heard.length, moved: moved.length, unknownTags: 0, duplicate: false };
    });
    const before = sightingsStats(app.db);
    const got = await Promise.all(posts.map((p) => applySightings(app.db, demo, postOf(p.gateway, p.heard))));
    const after = sightingsStats(app.db);
    expect(got).toEqual(answers);
    for (const tag of tags) expect(await positionOf(tag)).toEqual(expected.get(tag));
    const kept = await app.db.select().from(tagMoves).where(inArray(tagMoves.tagId, tags));
    expect(kept).toHaveLength(answers.reduce((n, a) => n + a.moved, 0));
    // Twelve posts, fewer flushes: they were written together.
    expect(after.posts - before.posts).toBe(12);
    expect(after.flushes - before.flushes).toBeLessThan(12);
  });

  it('answers a batch repeated in the same flush and in a later one with its first answer, applied once', async () => {
    const tag = await freshTag(app, null);
    const batch = `repeat-${freshMac()}`;
    const [first, again, other] = await Promise.all([
      applySightings(app.db, demo, postOf(A, [{ tag, rssi: -60, at: at(0) }], batch)),
      applySightings(app.db, demo, postOf(A, [{ tag, rssi: -40, at: at(1) }], batch)),
      applySightings(app.db, demo, postOf(B, [{ tag, rssi: -50, at: at(2) }], batch)),
    ]);
    expect(first).toEqual({ accepted: 1, moved: 1, unknownTags: 0, duplicate: false });
    expect(again).toEqual({ ...first, duplicate: true });
    // The same id from another gateway is another batch: B beats A's −60.
    expect(other).toEqual({ accepted: 1, moved: 1, unknownTags: 0, duplicate: false });
    const later = await applySightings(app.db, demo, postOf(A, [{ tag, rssi: -30, at: at(3) }], batch));
    expect(later).toEqual({ ...first, duplicate: true });
    expect(await positionOf(tag)).toEqual({ gateway: B, rssi: -50, at: at(2) });
    const stored = await app.db
      .select()
      .from(sightingBatches)
      .where(and(eq(sightingBatches.gatewayId, A), eq(sightingBatches.batch, batch)));
    expect(stored).toHaveLength(1);
    expect(await app.db.select().from(tagMoves).where(eq(tagMoves.tagId, tag))).toHaveLength(2);
  });

  it('refuses a post of an unknown gateway alone, writing the others of its flush', async () => {
    const tag = await freshTag(app, null);
    const other = await otherOrgGateway(app);
    const [foreign, own] = await Promise.allSettled([
      applySightings(app.db, demo, postOf(other.gateway, [{ tag, rssi: -40, at: at(0) }])),
      applySightings(app.db, demo, postOf(A, [{ tag, rssi: -70, at: at(0) }])),
    ]);
    expect(foreign.status).toBe('rejected');
    expect((foreign as PromiseRejectedResult).reason).toBeInstanceOf(HttpError);
    expect((foreign as PromiseRejectedResult).reason).toMatchObject({ statusCode: 403 });
    expect(own).toEqual({
      status: 'fulfilled',
      value: { accepted: 1, moved: 1, unknownTags: 0, duplicate: false },
    });
    expect(await positionOf(tag)).toEqual({ gateway: A, rssi: -70, at: at(0) });
    // A flush of nothing but a gateway no one registered: refused, nothing written.
    const nobody = applySightings(app.db, demo, postOf(freshMac(), [{ tag, rssi: -30, at: at(1) }]));
    await expect(nobody).rejects.toMatchObject({ statusCode: 403, code: 'unknown_gateway' });
    expect(await positionOf(tag)).toEqual({ gateway: A, rssi: -70, at: at(0) });
  });
});

describe('the writer’s positions are a hint, the database the truth (issue 20 "Speed")', () => {
  it('re-reads a position another instance changed (the flush count moved) before deciding', async () => {
    const tag = await freshTag(app, null);
    await applySightings(app.db, demo, postOf(A, [{ tag, rssi: -60, at: at(0) }]));
    // What another instance's flush does: B took the tag (a post this writer did not see), the
    // count counts it.
    await app.db.transaction(async (tx) => {
      await tx
        .update(tagPositions)
        .set({ gatewayId: B, rssi: -80, seenAt: new Date(at(5)), movedAt: new Date(at(5)) })
        .where(eq(tagPositions.tagId, tag));
      await tx.execute(sql`update sighting_flushes set count = count + 1 where id = 1`);
    });
    const raced = sightingsStats(app.db).raced;
    // −70 within the window: it loses to the remembered A −60, and beats the stored B −80.
    const answer = await applySightings(app.db, demo, postOf(C, [{ tag, rssi: -70, at: at(6) }]));
    expect(answer).toMatchObject({ accepted: 1, moved: 1 });
    expect(await positionOf(tag)).toEqual({ gateway: C, rssi: -70, at: at(6) });
    expect(sightingsStats(app.db).raced).toBe(raced + 1);
  });

  it('writes a position only if still as believed: a change made outside the sightings is read again', async () => {
    const tag = await freshTag(app, null);
    await applySightings(app.db, demo, postOf(A, [{ tag, rssi: -60, at: at(0) }]));
    await app.db
      .update(tagPositions)
      .set({ gatewayId: B, rssi: -50, seenAt: new Date(at(1)) })
      .where(eq(tagPositions.tagId, tag));
    // A refresh of A as believed; against the stored B −50 (within the window) A −65 loses.
    const answer = await applySightings(app.db, demo, postOf(A, [{ tag, rssi: -65, at: at(2) }]));
    expect(answer).toEqual({ accepted: 1, moved: 0, unknownTags: 0, duplicate: false });
    expect(await positionOf(tag)).toEqual({ gateway: B, rssi: -50, at: at(1) });
  });

  it('writes no position of a tag moved to another organisation since it was last heard', async () => {
    const tag = await freshTag(app, null);
    await applySightings(app.db, demo, postOf(A, [{ tag, rssi: -60, at: at(0) }]));
    const acme = await orgIdOf(app, 'acme');
    await app.db.update(tagsTable).set({ orgId: acme }).where(eq(tagsTable.id, tag));
    const answer = await applySightings(app.db, demo, postOf(B, [{ tag, rssi: -40, at: at(5) }]));
    expect(answer).toEqual({ accepted: 0, moved: 0, unknownTags: 1, duplicate: false });
    const [row] = await app.db.select().from(tagPositions).where(eq(tagPositions.tagId, tag));
    expect(row).toMatchObject({ orgId: demo, gatewayId: A, rssi: -60 });
  });
});

describe('a press during sightings (issue 20 "Speed": press → console must not suffer)', () => {
  // Embedded only (the test app runs on PostgreSQL with DATABASE_URL): there presses and sightings
  // take connections of their own.
  it.skipIf(Boolean(process.env.DATABASE_URL))(
    'is written before a sightings flush due at the same moment (embedded: a press first)',
    async () => {
      expect(isEmbedded(app.db)).toBe(true);
      const key = await authenticateGatewayKey(app.db, gatewayAuth().authorization);
      const pressed = await freshTag(app, 'Room 201');
      const walking = await freshTag(app, null);
      const writer = sightingsWriter(app.db);
      const held = writer.stats.heldForPresses;
      writer.pressFirstMaxMs = 60_000;
      const order: string[] = [];
      // The embedded database runs one transaction at a time: hold it while both are handed over.
      let release!: () => void;
      let holdsNow!: () => void;
      const holds = new Promise<void>((resolve) => (holdsNow = resolve));
      const holding = app.db.transaction(
        () =>
          new Promise<void>((resolve) => {
            release = resolve;
            holdsNow();
          }),
      );
      await holds;
      try {
        const sightings = applySightings(
          app.db,
          demo,
          postOf(A, [{ tag: walking, rssi: -60, at: at(0) }]),
        ).then((answer) => (order.push('sightings'), answer));
        const press = ingestButtonEvents(app.db, key, {
          gateway: A,
          buttonEvents: [{ tag: pressed, nonce: freshMac(), events: eventsForPattern('help') }],
        }).then((outcome) => (order.push('press'), outcome));
        release();
        await holding;
        const [answer, outcome] = await Promise.all([sightings, press]);
        expect(answer).toMatchObject({ accepted: 1, moved: 1 });
        expect(outcome.results[0]).toMatchObject({ tag: pressed, status: 'created' });
      } finally {
        writer.pressFirstMaxMs = 100;
      }
      expect(order).toEqual(['press', 'sightings']);
      expect(writer.stats.heldForPresses).toBeGreaterThan(held);
    },
  );

  it('answers presses and brings their alerts to the consoles while posts of 1,000 sightings go', async () => {
    const tags = Array.from({ length: 1000 }, () => freshMac());
    await app.db.insert(tagsTable).values(tags.map((id) => ({ id, orgId: demo })));
    const pressed = [await freshTag(app, 'Room 201'), await freshTag(app, 'Room 201')];
    // What a console's event stream is handed: the alerts opened, by tag.
    const opened = new Set<string>();
    let arrived!: () => void;
    const bothArrived = new Promise<void>((resolve) => (arrived = resolve));
    const unsubscribe = app.realtime.subscribe((event) => {
      const alert = alertOf(event.payload);
      if (alert && pressed.includes(alert.tag)) opened.add(alert.tag);
      if (opened.size === pressed.length) arrived();
    });
    const posts = [A, B, C, A, B, C].map((g, n) =>
      app.inject({
        method: 'POST',
        url: '/api/ingest/sightings',
        headers: gatewayAuth(),
        payload: postOf(
          g,
          tags.map((tag, i) => ({ tag, rssi: -50 - ((i + n) % 40), at: at(300 + n) })),
        ),
      }),
    );
    const presses = pressed.map((tag) =>
      app.inject({
        method: 'POST',
        url: '/api/ingest/button-events',
        headers: gatewayAuth(),
        payload: { gateway: A, buttonEvents: [{ tag, nonce: 1, events: eventsForPattern('help') }] },
      }),
    );
    for (const res of await Promise.all(presses)) {
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().results[0]).toMatchObject({ status: 'created' });
    }
    for (const res of await Promise.all(posts)) {
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ accepted: 1000, unknownTags: 0 });
    }
    await bothArrived;
    unsubscribe();
    const placed = await app.db
      .select({ n: sql<number>`count(*)::int` })
      .from(tagPositions)
      .where(inArray(tagPositions.tagId, tags));
    expect(placed[0]!.n).toBe(1000);
  });
});
