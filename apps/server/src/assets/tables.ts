import { sql } from 'drizzle-orm';
import { index, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { timestamps } from '../platform/db/columns';
import { zones } from '../platform/db/tables';
import { tags } from '../tags/tables';

/**
 * Issue 20, SPEC §3 Asset: a piece of equipment carrying a tag. `zone_id` is where the asset belongs
 * (its zone scope); where it is now is its tag's position (sightings). `status` is free text from
 * the designed values (domain `ASSET_STATUSES`), empty until set (shown 'Pending').
 */
export const assets = pgTable(
  'assets',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orgId: uuid('org_id')
      .notNull()
      .references(() => zones.id),
    zoneId: uuid('zone_id').references(() => zones.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    tagId: text('tag_id').references(() => tags.id, { onDelete: 'set null' }),
    status: text('status').notNull().default(''),
    notes: text('notes').notNull().default(''),
    ...timestamps,
  },
  (t) => [
    index('assets_org_name_idx').on(t.orgId, sql`lower(${t.name})`, t.id),
    uniqueIndex('assets_tag_idx').on(t.tagId),
    index('assets_zone_idx').on(t.zoneId),
  ],
);
