import { lt } from 'drizzle-orm';
import { TAG_MOVES_RETENTION_DAYS } from '@vigil/domain';
import type { Db } from '../platform/db/client';
import { sightingBatches, tagMoves } from '../db/schema';

/** A sightings post is answered from its first answer for this long (like a button event), then pruned. */
export const SIGHTING_BATCH_DEDUPE_MS = 24 * 3600_000;

const DAY_MS = 24 * 3600_000;

/** Drops the moves past TAG_MOVES_RETENTION_DAYS and the sightings posts past their deduplication window. */
export async function pruneSightings(db: Db, now: Date = new Date()): Promise<void> {
  await db
    .delete(tagMoves)
    .where(lt(tagMoves.at, new Date(now.getTime() - TAG_MOVES_RETENTION_DAYS * DAY_MS)));
  await db
    .delete(sightingBatches)
    .where(lt(sightingBatches.receivedAt, new Date(now.getTime() - SIGHTING_BATCH_DEDUPE_MS)));
}
