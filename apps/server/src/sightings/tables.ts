import {
  bigint,
  index,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import type { SightingsAnswer } from '@vigil/domain';
import { zones } from '../platform/db/tables';
import { tags } from '../tags/tables';

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * Issue 20: where each tag was last heard, one row per tag, rewritten all day by the sightings.
 * Narrow and with few indexes, so that a refresh (same gateway: rssi, seen_at, updated_at) is a HOT
 * update that touches no index (ARCHITECTURE §8 'PGlite keeps house itself'); the table's fill
 * factor (migration 0019) leaves each page room for it. `zone_id` is the gateway's zone when heard.
 */
export const tagPositions = pgTable(
  'tag_positions',
  {
    tagId: text('tag_id')
      .primaryKey()
      .references(() => tags.id, { onDelete: 'cascade' }),
    orgId: uuid('org_id')
      .notNull()
      .references(() => zones.id),
    gatewayId: text('gateway_id').notNull(),
    zoneId: uuid('zone_id').references(() => zones.id, { onDelete: 'set null' }),
    rssi: smallint('rssi').notNull(),
    /** The time of the sighting the position is (the best gateway's latest). */
    seenAt: at('seen_at').notNull(),
    /** The time of the sighting that brought it to this gateway. */
    movedAt: at('moved_at').notNull(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  // Who is in a zone (responders, assets): only a move rewrites this index's entry.
  (t) => [index('tag_positions_org_zone_idx').on(t.orgId, t.zoneId)],
);

/**
 * Issue 20: the bounded history of where a tag was, one row per move to another gateway (its first
 * position included); pruned past TAG_MOVES_RETENTION_DAYS. The zone is kept as it was (no foreign
 * key: a zone deleted later does not rewrite history). Pruned by time through a BRIN index, which
 * costs an insert next to nothing (rows arrive in time order).
 */
export const tagMoves = pgTable(
  'tag_moves',
  {
    tagId: text('tag_id').notNull(),
    orgId: uuid('org_id').notNull(),
    gatewayId: text('gateway_id').notNull(),
    zoneId: uuid('zone_id'),
    rssi: smallint('rssi').notNull(),
    at: at('at').notNull(),
  },
  (t) => [
    index('tag_moves_tag_at_idx').on(t.tagId, t.at.desc()),
    index('tag_moves_at_brin_idx').using('brin', t.at),
  ],
);

/**
 * Issue 20: each sightings post by (gateway, batch id) with its answer: a repeated post is answered
 * the first answer and applied once. Pruned after SIGHTING_BATCH_DEDUPE_MS.
 */
export const sightingBatches = pgTable(
  'sighting_batches',
  {
    gatewayId: text('gateway_id').notNull(),
    batch: text('batch').notNull(),
    receivedAt: at('received_at').notNull().defaultNow(),
    answer: jsonb('answer').$type<SightingsAnswer>().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.gatewayId, t.batch] }),
    index('sighting_batches_received_brin_idx').using('brin', t.receivedAt),
  ],
);

/**
 * Issue 20: one row (id 1) counting the flushes of sightings that wrote positions (sightings/writer.ts).
 * Each flush adds one in its own transaction, holding the row until it commits: a writer that finds
 * the count moved by more than its own flush since its last one knows another instance wrote
 * positions meanwhile, and stops trusting its in-memory copy of them (position-cache.ts).
 */
export const sightingFlushes = pgTable('sighting_flushes', {
  id: smallint('id').primaryKey(),
  count: bigint('count', { mode: 'number' }).notNull().default(0),
});
