import { and, desc, eq, gte, inArray } from 'drizzle-orm';
import type { Db } from '../platform/db/client';
import { tagMoves, tagPositions } from '../db/schema';

/** Where a tag was last heard: the gateway that heard it best, that gateway's zone then, when and how strongly. */
export type TagPosition = { tag: string; gateway: string; zoneId: string | null; seenAt: Date; rssi: number };

/** The latest positions of these tags of the organisation (a tag never heard has none). */
export async function positionsOf(db: Db, orgId: string, tagIds: readonly string[]): Promise<TagPosition[]> {
  if (tagIds.length === 0) return [];
  return db
    .select({
      tag: tagPositions.tagId,
      gateway: tagPositions.gatewayId,
      zoneId: tagPositions.zoneId,
      seenAt: tagPositions.seenAt,
      rssi: tagPositions.rssi,
    })
    .from(tagPositions)
    .where(and(eq(tagPositions.orgId, orgId), inArray(tagPositions.tagId, [...tagIds])));
}

/** A move of a tag: the gateway it arrived at (its zone then), the sighting's strength and time. */
export type TagMove = { gateway: string; zoneId: string | null; rssi: number; at: Date };

/** "Where was it": the tag's moves since `since` (at most the retention), newest first. */
export async function movesOf(db: Db, orgId: string, tagId: string, since: Date): Promise<TagMove[]> {
  return db
    .select({ gateway: tagMoves.gatewayId, zoneId: tagMoves.zoneId, rssi: tagMoves.rssi, at: tagMoves.at })
    .from(tagMoves)
    .where(and(eq(tagMoves.tagId, tagId), eq(tagMoves.orgId, orgId), gte(tagMoves.at, since)))
    .orderBy(desc(tagMoves.at));
}
