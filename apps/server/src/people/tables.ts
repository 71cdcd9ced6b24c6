import { sql } from 'drizzle-orm';
import { boolean, index, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { timestamps } from '../platform/db/columns';
import { zones } from '../platform/db/tables';

/** SPEC §3 Person: staff who carry tags. `zone_id` is the person's location; `person_id` the customer's own id. */
export const people = pgTable(
  'people',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orgId: uuid('org_id')
      .notNull()
      .references(() => zones.id),
    zoneId: uuid('zone_id').references(() => zones.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    personId: text('person_id').notNull(),
    contacts: jsonb('contacts').$type<{ email?: string }>().notNull().default({}),
    isRemote: boolean('is_remote').notNull().default(false),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('people_org_person_idx').on(t.orgId, t.personId),
    index('people_org_name_idx').on(t.orgId, sql`lower(${t.name})`),
    index('people_zone_idx').on(t.zoneId),
  ],
);
