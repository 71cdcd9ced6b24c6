import { beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { eq, inArray } from 'drizzle-orm';
import { TAG_MOVES_RETENTION_DAYS } from '@vigil/domain';
import { sightingBatches, tagMoves } from '../../src/db/schema';
import { SIGHTING_BATCH_DEDUPE_MS, pruneSightings } from '../../src/sightings';
import { getTestApp } from '../helpers/app';
import { freshMac } from '../helpers/alerts';
import { orgIdOf } from './helpers';

// Issue 20: the moves are kept TAG_MOVES_RETENTION_DAYS (30), the batches a day, by the housekeeping
// that prunes button events (app.ts).

let app: FastifyInstance;
beforeAll(async () => {
  app = await getTestApp();
});

describe('pruneSightings (issue 20)', () => {
  it(`drops moves older than ${TAG_MOVES_RETENTION_DAYS} days and batches older than a day, keeps the rest`, async () => {
    // Real time: the database is shared, and no other test's rows are this old.
    const now = new Date();
    const day = 24 * 3600_000;
    const orgId = await orgIdOf(app, 'demo');
    const tag = freshMac();
    const ago = (ms: number) => new Date(now.getTime() - ms);
    await app.db.insert(tagMoves).values(
      [TAG_MOVES_RETENTION_DAYS * day + 1000, TAG_MOVES_RETENTION_DAYS * day - 1000, day].map((ms) => ({
        tagId: tag,
        orgId,
        gatewayId: 'b0a710000001',
        rssi: -60,
        at: ago(ms),
      })),
    );
    const gateway = freshMac();
    const answer = { accepted: 1, moved: 0, unknownTags: 0, duplicate: false };
    await app.db.insert(sightingBatches).values([
      { gatewayId: gateway, batch: 'old', receivedAt: ago(SIGHTING_BATCH_DEDUPE_MS + 1000), answer },
      { gatewayId: gateway, batch: 'recent', receivedAt: ago(SIGHTING_BATCH_DEDUPE_MS - 1000), answer },
    ]);

    await pruneSightings(app.db, now);

    const moves = await app.db.select().from(tagMoves).where(eq(tagMoves.tagId, tag));
    expect(moves.map((m) => m.at).sort((a, b) => a.getTime() - b.getTime())).toEqual([
      ago(TAG_MOVES_RETENTION_DAYS * day - 1000),
      ago(day),
    ]);
    const batches = await app.db
      .select()
      .from(sightingBatches)
      .where(inArray(sightingBatches.gatewayId, [gateway]));
    expect(batches.map((b) => b.batch)).toEqual(['recent']);
  });
});
