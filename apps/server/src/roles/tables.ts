import { jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { timestamps } from '../platform/db/columns';

/** SPEC §3 Role: its id is its name, abilities are CASL raw rules. */
export const roles = pgTable('roles', {
  id: text('id').primaryKey(),
  abilities: jsonb('abilities').$type<unknown[]>().notNull().default([]),
  ...timestamps,
});
