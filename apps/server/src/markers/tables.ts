import { doublePrecision, index, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { timestamps } from '../platform/db/columns';
import { zones } from '../platform/db/tables';
import { gateways } from '../gateways/tables';

/**
 * SPEC §3 Marker: a pin on a floor plan at `zone_id` (its config.location: the floor or a unit or
 * area on it), where a gateway is, or will be, installed. `gateway_id` links the gateway assigned to
 * it (SPEC §5), at most one marker per gateway in an organisation. Deleting the zone deletes its
 * markers; deleting the gateway unlinks it.
 */
export const markers = pgTable(
  'markers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orgId: uuid('org_id')
      .notNull()
      .references(() => zones.id, { onDelete: 'cascade' }),
    zoneId: uuid('zone_id')
      .notNull()
      .references(() => zones.id, { onDelete: 'cascade' }),
    lat: doublePrecision('lat').notNull(),
    lng: doublePrecision('lng').notNull(),
    labels: text('labels').array().notNull().default([]),
    notes: text('notes'),
    /** SPEC §3 Marker camera {id, name}; null on a marker that is no camera. */
    camera: jsonb('camera').$type<{ id?: string | null; name?: string | null }>(),
    gatewayId: text('gateway_id').references(() => gateways.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [
    index('markers_org_zone_idx').on(t.orgId, t.zoneId),
    index('markers_zone_idx').on(t.zoneId),
    uniqueIndex('markers_org_gateway_idx').on(t.orgId, t.gatewayId),
  ],
);
