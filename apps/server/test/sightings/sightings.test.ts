import { beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { isMove, positionsAfter, type Sighting } from '@vigil/domain';
import { gateways, sightingBatches, tagMoves, tagPositions, tags as tagsTable } from '../../src/db/schema';
import { DEMO_GATEWAY_IDS } from '../../src/db/seed';
import { movesOf, positionsOf } from '../../src/sightings';
import { getTestApp } from '../helpers/app';
import { freshMac, freshTag, gatewayAuth } from '../helpers/alerts';
import { orgIdOf, otherOrgGateway, postSightings, type Posted } from './helpers';

// Issue 20 "Sightings": POST /api/ingest/sightings keeps where each tag was last heard.

let app: FastifyInstance;
let demo: string;
const [A, B, C] = DEMO_GATEWAY_IDS as [string, string, string];
const GATEWAY: Record<string, string> = { a: A, b: B, c: C };
/** Times an hour ago, by the second (the server takes a sighting from the future as heard now). */
const base = Math.floor((Date.now() - 3600_000) / 1000) * 1000;
const at = (s: number) => base + s * 1000;

beforeAll(async () => {
  app = await getTestApp();
  demo = await orgIdOf(app, 'demo');
});

async function positionOf(tag: string, org = demo): Promise<Sighting | undefined> {
  const [p] = await positionsOf(app.db, org, [tag]);
  return p && { gateway: p.gateway, rssi: p.rssi, at: p.seenAt.getTime() };
}

async function post(gateway: string, sightings: Posted[], opts: { batch?: string; key?: string } = {}) {
  const res = await postSightings(app, gateway, sightings, opts);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { accepted: number; moved: number; unknownTags: number; duplicate: boolean };
}

describe('POST /api/ingest/sightings: the best gateway rule through the route (issue 20, domain nextPosition)', () => {
  const s = (g: string, rssi: number, second: number): Sighting => ({
    gateway: GATEWAY[g]!,
    rssi,
    at: at(second),
  });
  // The table of packages/domain/src/sightings/rules.test.ts, each case as two posts.
  it.each([
    ['nothing known: the sighting', undefined, s('a', -80, 0), s('a', -80, 0)],
    ['a stronger gateway within the window wins', s('a', -80, 0), s('b', -60, 5), s('b', -60, 5)],
    ['a weaker gateway within the window loses', s('a', -60, 0), s('b', -80, 5), s('a', -60, 0)],
    ['an equal one within the window loses (no flapping)', s('a', -70, 0), s('b', -70, 5), s('a', -70, 0)],
    ['at exactly the window a weaker one still loses', s('a', -60, 0), s('b', -90, 10), s('a', -60, 0)],
    ['past the window any gateway wins', s('a', -60, 0), s('b', -90, 11), s('b', -90, 11)],
    ['the same gateway refreshes, weaker or not', s('a', -60, 0), s('a', -85, 3), s('a', -85, 3)],
    ['the same gateway never goes back in time', s('a', -60, 5), s('a', -50, 3), s('a', -60, 5)],
    ['a late post older than the window is ignored', s('a', -80, 30), s('b', -40, 15), s('a', -80, 30)],
    ['a late post within the window competes', s('a', -80, 30), s('b', -40, 25), s('b', -40, 25)],
  ] as const)('%s', async (_name, current, seen, expected) => {
    const tag = await freshTag(app, null);
    if (current) await post(current.gateway, [{ tag, rssi: current.rssi, at: current.at }]);
    await post(seen.gateway, [{ tag, rssi: seen.rssi, at: seen.at }]);
    expect(await positionOf(tag)).toEqual(expected);
  });

  it('agrees with positionsAfter, post by post, on jumbled posts that hear tags several times', async () => {
    const tags = [await freshTag(app, null), await freshTag(app, null), await freshTag(app, null)];
    let seed = 11;
    const rand = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed % n;
    };
    let expected = new Map<string, Sighting>();
    let moves = 0;
    for (let n = 0; n < 60; n++) {
      const gateway = [A, B, C][rand(3)]!;
      const sightings = Array.from({ length: 1 + rand(6) }, () => ({
        tag: tags[rand(3)]!,
        rssi: -40 - rand(50),
        at: at(100 + n * 2 + rand(16) - 8),
      }));
      const next = positionsAfter(
        sightings.map((x) => ({ ...x, gateway })),
        expected,
      );
      const movedNow = [...new Set(sightings.map((x) => x.tag))].filter((t) =>
        isMove(expected.get(t), next.get(t)!),
      ).length;
      moves += movedNow;
      expected = next;
      const answer = await post(gateway, sightings);
      expect(answer).toEqual({
        accepted: sightings.length,
        moved: movedNow,
        unknownTags: 0,
        duplicate: false,
      });
      for (const tag of tags) expect(await positionOf(tag)).toEqual(expected.get(tag));
    }
    expect(moves).toBeGreaterThan(5);
    const kept = await app.db.select().from(tagMoves).where(inArray(tagMoves.tagId, tags));
    expect(kept).toHaveLength(moves);
  });
});

describe('POST /api/ingest/sightings: batches, organisations and refusals (issue 20)', () => {
  it('answers a repeated batch with its first answer and applies it once', async () => {
    const tag = await freshTag(app, null);
    const batch = `repeat-${freshMac()}`;
    const first = await post(A, [{ tag, rssi: -60, at: at(0) }], { batch });
    expect(first).toEqual({ accepted: 1, moved: 1, unknownTags: 0, duplicate: false });
    // The same id again, even with other sightings: the first answer, nothing applied.
    const again = await post(
      A,
      [
        { tag, rssi: -50, at: at(5) },
        { tag: freshMac(), rssi: -50, at: at(5) },
      ],
      {
        batch,
      },
    );
    expect(again).toEqual({ ...first, duplicate: true });
    expect(await positionOf(tag)).toEqual({ gateway: A, rssi: -60, at: at(0) });
    expect(await movesOf(app.db, demo, tag, new Date(0))).toHaveLength(1);
    // The same id from another gateway is another batch.
    expect((await post(B, [{ tag, rssi: -40, at: at(2) }], { batch })).duplicate).toBe(false);
  });

  it('refuses a malformed batch whole, naming the bad item, and writes nothing', async () => {
    const tags = [await freshTag(app, null), await freshTag(app, null)];
    const batch = `bad-${freshMac()}`;
    const sightings = [
      { tag: tags[0], rssi: -60, at: new Date(at(0)).toISOString() },
      { tag: tags[1], rssi: -60, at: new Date(at(0)).toISOString() },
      { tag: tags[1], rssi: -61, at: new Date(at(1)).toISOString() },
      { tag: tags[0], rssi: 3, at: new Date(at(1)).toISOString() },
    ];
    const res = await app.inject({
      method: 'POST',
      url: '/api/ingest/sightings',
      headers: gatewayAuth(),
      payload: { gateway: A, batch, sightings },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      field: 'sightings.3.rssi',
      reason: expect.stringMatching(/^Invalid sightings\.3\.rssi: /),
    });
    expect(await positionsOf(app.db, demo, tags)).toEqual([]);
    const stored = await app.db.select().from(sightingBatches).where(eq(sightingBatches.batch, batch));
    expect(stored).toEqual([]);
  });

  it.each([
    ['a bad MAC', { tag: 'nope', rssi: -60, at: '2026-11-26T09:00:00Z' }, 'sightings.0.tag'],
    ['a time without a zone', { tag: 'c0ffee000001', rssi: -60, at: '2026-11-26 09:00' }, 'sightings.0.at'],
    [
      'an unknown field',
      { tag: 'c0ffee000001', rssi: -60, at: '2026-11-26T09:00:00Z', x: 1 },
      'sightings.0.x',
    ],
  ])('refuses %s (400, %s)', async (_name, sighting, field) => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/ingest/sightings',
      headers: gatewayAuth(),
      payload: { gateway: A, batch: 'b', sightings: [sighting] },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().field).toBe(field);
  });

  it('refuses no key (401) and a gateway not of the key’s organisation (403), writing nothing', async () => {
    const tag = await freshTag(app, null);
    const body = {
      gateway: A,
      batch: 'x',
      sightings: [{ tag, rssi: -50, at: new Date(at(0)).toISOString() }],
    };
    const none = await app.inject({ method: 'POST', url: '/api/ingest/sightings', payload: body });
    expect(none.statusCode).toBe(401);
    const other = await otherOrgGateway(app);
    const foreign = await postSightings(app, other.gateway, [{ tag, rssi: -50, at: at(0) }]);
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json()).toMatchObject({ reason: 'Unknown gateway', code: 'unknown_gateway' });
    expect(await positionOf(tag)).toBeUndefined();
  });

  it('applies only the organisation’s tags: another organisation’s are counted unknown and untouched', async () => {
    const other = await otherOrgGateway(app);
    const acmeTag = await freshTag(app, 'Front Desk', { slug: 'acme' });
    const own = await freshTag(app, null);
    expect(
      await post(other.gateway, [{ tag: acmeTag, rssi: -70, at: at(0) }], { key: other.key }),
    ).toMatchObject({
      accepted: 1,
      unknownTags: 0,
    });
    const answer = await post(A, [
      { tag: acmeTag, rssi: -30, at: at(20) },
      { tag: acmeTag, rssi: -35, at: at(21) },
      { tag: own, rssi: -50, at: at(20) },
      { tag: freshMac(), rssi: -50, at: at(20) },
    ]);
    expect(answer).toEqual({ accepted: 1, moved: 1, unknownTags: 2, duplicate: false });
    expect(await positionOf(acmeTag, other.orgId)).toEqual({ gateway: other.gateway, rssi: -70, at: at(0) });
    expect(await positionOf(acmeTag)).toBeUndefined(); // not the demo organisation's to read
    expect(await movesOf(app.db, other.orgId, acmeTag, new Date(0))).toHaveLength(1);
  });

  it('records a move only when the tag changes gateway, with the gateway’s zone', async () => {
    const tag = await freshTag(app, null);
    await post(A, [{ tag, rssi: -60, at: at(0) }]);
    await post(A, [{ tag, rssi: -70, at: at(1) }]); // refreshed
    await post(B, [{ tag, rssi: -80, at: at(2) }]); // weaker, within the window: stays
    expect(await post(B, [{ tag, rssi: -50, at: at(3) }])).toMatchObject({ moved: 1 });
    await post(B, [{ tag, rssi: -55, at: at(4) }]); // refreshed
    const moves = await movesOf(app.db, demo, tag, new Date(0));
    const zoneOf = async (id: string) =>
      (await app.db.select({ z: gateways.zoneId }).from(gateways).where(eq(gateways.id, id)))[0]!.z;
    expect(moves).toEqual([
      { gateway: B, zoneId: await zoneOf(B), rssi: -50, at: new Date(at(3)) },
      { gateway: A, zoneId: await zoneOf(A), rssi: -60, at: new Date(at(0)) },
    ]);
    expect(await movesOf(app.db, demo, tag, new Date(at(1)))).toHaveLength(1);
    const [row] = await app.db.select().from(tagPositions).where(eq(tagPositions.tagId, tag));
    expect(row).toMatchObject({ gatewayId: B, zoneId: await zoneOf(B), rssi: -55, movedAt: new Date(at(3)) });
  });

  it('takes a sighting timed ahead of the server’s clock as heard now', async () => {
    const tag = await freshTag(app, null);
    const before = Date.now();
    await post(A, [{ tag, rssi: -60, at: Date.now() + 3600_000 }]);
    const position = await positionOf(tag);
    expect(position!.at).toBeGreaterThanOrEqual(before);
    expect(position!.at).toBeLessThanOrEqual(Date.now());
  });

  it('answers 200 with everything unknown when no tag is the organisation’s', async () => {
    expect(await post(A, [{ tag: freshMac(), rssi: -60, at: at(0) }])).toEqual({
      accepted: 0,
      moved: 0,
      unknownTags: 1,
      duplicate: false,
    });
  });

  it('keeps the latest position in one narrow row per tag', async () => {
    const tag = await freshTag(app, null);
    for (let i = 0; i < 5; i++) await post(A, [{ tag, rssi: -60 - i, at: at(i) }]);
    const rows = await app.db
      .select({ n: sql<number>`count(*)::int` })
      .from(tagPositions)
      .where(and(eq(tagPositions.tagId, tag), eq(tagPositions.orgId, demo)));
    expect(rows[0]!.n).toBe(1);
  });

  it('takes posts of neighbouring gateways naming the same tags at once (on PostgreSQL: no deadlock)', async () => {
    const tags = Array.from({ length: 400 }, () => freshMac());
    await app.db.insert(tagsTable).values(tags.map((id) => ({ id, orgId: demo })));
    const orders = [0, 1, 2, 3].map((k) =>
      [...tags].sort((a, b) => (a + k).localeCompare(b + k) * (k % 2 ? -1 : 1)),
    );
    const gatewaysOf = [A, B, C, DEMO_GATEWAY_IDS[3]!];
    let moved = 0;
    for (let round = 0; round < 3; round++) {
      const answers = await Promise.all(
        orders.map((order, k) =>
          postSightings(
            app,
            gatewaysOf[k]!,
            order.map((tag, n) => ({ tag, rssi: -50 - ((n + k + round) % 30), at: at(200 + round * 20) })),
          ),
        ),
      );
      for (const res of answers) expect(res.statusCode, res.body).toBe(200);
      moved += answers.reduce((sum, res) => sum + (res.json() as { moved: number }).moved, 0);
    }
    const positions = await positionsOf(app.db, demo, tags);
    expect(positions).toHaveLength(tags.length);
    for (const p of positions) expect(gatewaysOf).toContain(p.gateway);
    // Every move answered is kept, and only those.
    const kept = await app.db.select().from(tagMoves).where(inArray(tagMoves.tagId, tags));
    expect(kept).toHaveLength(moved);
    expect(moved).toBeGreaterThanOrEqual(tags.length);
  });
});
