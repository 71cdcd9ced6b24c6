import { index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { zones } from '../platform/db/tables';

/**
 * Issue 22 "Operations" (SPEC §2.1 /operations/tags Tag Scratch List, /operations/gateways Gateway
 * Scratch List): a person's working list of device ids, filled by scanning or pasting, kept on the
 * server across sessions until they clear it, then acted on with the batch operations (SPEC §4).
 * `owner` is who keeps it: the signed-in user's id, or `key:<id>` for an API key session (the id
 * `/users/me` answers). One row per (owner, kind, device).
 */
export const scratchListItems = pgTable(
  'scratch_list_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orgId: uuid('org_id')
      .notNull()
      .references(() => zones.id),
    owner: text('owner').notNull(),
    /** 'tag' or 'gateway'. */
    kind: text('kind').notNull(),
    deviceId: text('device_id').notNull(),
    addedAt: timestamp('added_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('scratch_list_items_owner_idx').on(t.owner, t.kind, t.deviceId),
    index('scratch_list_items_list_idx').on(t.orgId, t.owner, t.kind, t.addedAt),
  ],
);
