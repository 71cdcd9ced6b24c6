import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { timestamps } from '../platform/db/columns';
import { zones } from '../platform/db/tables';

/**
 * SPEC §3 Distribution station: a kiosk handing out tags (name, help text, minimum inventory); issue
 * 21: the gateway beside it, which hears its taps, and how it identifies a tag (SPEC §3 scan modes).
 */
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
    /** The gateway on the wall beside the kiosk (a MAC, as gateways.id); its taps are kiosk taps. */
    gatewayId: text('gateway_id'),
    /** SPEC §3 tag scan mode: singleTap, doubleTap, qrCode or off. */
    scanMode: text('scan_mode').notNull().default('singleTap'),
    config: jsonb('config').$type<Record<string, unknown>>().notNull().default({}),
    ...timestamps,
  },
  (t) => [
    index('distribution_stations_org_idx').on(t.orgId),
    // One station per gateway in an organisation: its taps belong to one kiosk.
    uniqueIndex('distribution_stations_gateway_idx')
      .on(t.orgId, t.gatewayId)
      .where(sql`gateway_id is not null`),
  ],
);
