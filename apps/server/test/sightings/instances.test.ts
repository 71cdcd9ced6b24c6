import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray } from 'drizzle-orm';
import { isMove, positionsAfter, type Sighting, type SightingsPost } from '@vigil/domain';
import { tagMoves, tags as tagsTable, zones } from '../../src/db/schema';
import { DEMO_GATEWAY_IDS, seedDemo } from '../../src/db/seed';
import { openDatabase, type Database } from '../../src/platform/db/client';
import { positionsOf } from '../../src/sightings';
import { applySightings } from '../../src/sightings/apply-sightings';
import { sightingsStats, sightingsWriter } from '../../src/sightings/writer';
import { freshMac } from '../helpers/alerts';
import { freshPostgresDatabase, postgresAnswers } from '../helpers/spawn';

/**
 * Issue 20 "Speed": two instances on one PostgreSQL, each with its own sightings writer and its own
 * cache of positions (position-cache.ts), posting about the same tags. Runs when PostgreSQL answers
 * (DATABASE_URL's server, else 127.0.0.1:5432), on a fresh database; in CI only in the PostgreSQL pass.
 */

const pgUp = !(process.env.CI && !process.env.DATABASE_URL) && (await postgresAnswers());
const [A, B, C, D] = DEMO_GATEWAY_IDS as [string, string, string, string];
const base = Math.floor((Date.now() - 3600_000) / 1000) * 1000;
const at = (s: number) => base + s * 1000;

let instances: [Database, Database];
let drop: (() => Promise<void>) | undefined;
let demo: string;

beforeAll(async () => {
  if (!pgUp) return;
  const fresh = await freshPostgresDatabase('vigil_sightings');
  drop = fresh.drop;
  const first = await openDatabase({ databaseUrl: fresh.url, dataDir: '' });
  await seedDemo(first.db);
  instances = [first, await openDatabase({ databaseUrl: fresh.url, dataDir: '' })];
  const [org] = await first.db
    .select({ id: zones.id })
    .from(zones)
    .where(and(eq(zones.slug, 'demo'), eq(zones.level, 'org')));
  demo = org!.id;
}, 90_000);

afterAll(async () => {
  if (!instances) return;
  await Promise.all(instances.map((d) => d.close()));
  await drop?.();
});

let batches = 0;
const postOf = (gateway: string, heard: { tag: string; rssi: number; at: number }[]): SightingsPost => ({
  gateway,
  batch: `inst-${process.pid}-${batches++}`,
  sightings: heard.map((h) => ({ tag: h.tag, rssi: h.rssi, at: new Date(h.at).toISOString() })),
});

async function freshTags(n: number): Promise<string[]> {
  const ids = Array.from({ length: n }, () => freshMac());
  await instances[0].db.insert(tagsTable).values(ids.map((id) => ({ id, orgId: demo })));
  return ids;
}

describe.skipIf(!pgUp)('sightings from two instances on one PostgreSQL (issue 20 "Speed")', () => {
  it.each([5, 11, 23])(
    'agree with the domain rule post by post, whichever instance takes each post (seed %i)',
    async (start) => {
      const tags = await freshTags(3);
      // Each keeps using what it remembers, and must find out every time the other one wrote.
      for (const d of instances) sightingsWriter(d.db).cache.sharedBackoffMs = 0;
      let seed = start;
      const rand = (n: number) => {
        seed = (seed * 1103515245 + 12345) % 2 ** 31;
        return (seed >>> 16) % n;
      };
      let expected = new Map<string, Sighting>();
      for (let n = 0; n < 60; n++) {
        // Each instance remembers what it last saw; the other one's posts change the truth meanwhile.
        const instance = instances[rand(2)]!;
        const gateway = [A, B, C][rand(3)]!;
        const heard = Array.from({ length: 1 + rand(4) }, () => ({
          tag: tags[rand(3)]!,
          rssi: -40 - rand(50),
          at: at(n + rand(12) - 6),
        }));
        const next = positionsAfter(
          heard.map((h) => ({ ...h, gateway })),
          expected,
        );
        const moved = [...new Set(heard.map((h) => h.tag))].filter((t) =>
          isMove(expected.get(t), next.get(t)!),
        );
        expected = next;
        expect(await applySightings(instance.db, demo, postOf(gateway, heard))).toEqual({
          accepted: heard.length,
          moved: moved.length,
          unknownTags: 0,
          duplicate: false,
        });
        const stored = await positionsOf(instance.db, demo, tags);
        for (const tag of tags) {
          const p = stored.find((s) => s.tag === tag);
          expect(p && { gateway: p.gateway, rssi: p.rssi, at: p.seenAt.getTime() }).toEqual(
            expected.get(tag),
          );
        }
      }
      // Each found the other had written: it read again instead of trusting what it remembered.
      expect(sightingsStats(instances[0].db).raced + sightingsStats(instances[1].db).raced).toBeGreaterThan(
        0,
      );
    },
  );

  it('take posts of neighbouring gateways about the same tags at once, keeping every move answered', async () => {
    const tags = await freshTags(500);
    let moved = 0;
    for (let round = 0; round < 4; round++) {
      const answers = await Promise.all(
        [A, B, C, D].map((gateway, k) =>
          applySightings(
            instances[k % 2]!.db,
            demo,
            postOf(
              gateway,
              tags.map((tag, i) => ({
                tag,
                rssi: -50 - ((i * 7 + k * 13 + round) % 30),
                at: at(200 + round * 20),
              })),
            ),
          ),
        ),
      );
      for (const answer of answers) expect(answer).toMatchObject({ accepted: 500, unknownTags: 0 });
      moved += answers.reduce((n, a) => n + a.moved, 0);
    }
    const positions = await positionsOf(instances[0].db, demo, tags);
    expect(positions).toHaveLength(tags.length);
    const kept = await instances[1].db.select().from(tagMoves).where(inArray(tagMoves.tagId, tags));
    expect(kept).toHaveLength(moved);
    expect(moved).toBeGreaterThanOrEqual(tags.length);
  });
});
