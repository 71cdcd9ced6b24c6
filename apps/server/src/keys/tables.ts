import { index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { timestamps } from '../platform/db/columns';
import { zones } from '../platform/db/tables';
import { roles } from '../roles/tables';

/** API keys: console keys (kind 'console') and gateway keys (kind 'gateway', ingest only). */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    kind: text('kind').notNull().default('console'),
    zoneId: uuid('zone_id')
      .notNull()
      .references(() => zones.id),
    role: text('role')
      .notNull()
      .references(() => roles.id),
    /** SHA-256 hex of the secret: keys carry 128+ random bits, so a slow hash adds nothing. */
    keyHash: text('key_hash').notNull(),
    /** First characters of the secret, to recognise a key in a list. */
    prefix: text('prefix').notNull(),
    createdBy: text('created_by'),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true, mode: 'date' }),
    ...timestamps,
  },
  (t) => [uniqueIndex('api_keys_hash_idx').on(t.keyHash), index('api_keys_zone_idx').on(t.zoneId)],
);
