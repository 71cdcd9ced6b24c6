import { index, integer, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { timestamps } from '../platform/db/columns';
import { zones } from '../platform/db/tables';

/** SPEC §3 Distribution station: a kiosk handing out tags (name, help text, minimum inventory). */
export const distributionStations = pgTable(
  'distribution_stations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orgId: uuid('org_id')
      .notNull()
      .references(() => zones.id),
    zoneId: uuid('zone_id').references(() => zones.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    helpMessage: text('help_message').notNull().default(''),
    minimumInventory: integer('minimum_inventory').notNull().default(0),
    config: jsonb('config').$type<Record<string, unknown>>().notNull().default({}),
    ...timestamps,
  },
  (t) => [index('distribution_stations_org_idx').on(t.orgId)],
);
