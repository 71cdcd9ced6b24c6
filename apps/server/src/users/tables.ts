import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { timestamps } from '../platform/db/columns';
import { zones } from '../platform/db/tables';
import { roles } from '../roles/tables';

/** SPEC §3 User. `location` narrows alert views; `state` holds closedNotes. */
export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    name: text('name').notNull(),
    role: text('role')
      .notNull()
      .references(() => roles.id),
    zoneId: uuid('zone_id')
      .notNull()
      .references(() => zones.id),
    location: uuid('location')
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    state: jsonb('state').$type<Record<string, unknown>>().notNull().default({}),
    ...timestamps,
  },
  (t) => [uniqueIndex('users_email_idx').on(sql`lower(${t.email})`), index('users_zone_idx').on(t.zoneId)],
);
