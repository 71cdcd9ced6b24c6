import { sql } from 'drizzle-orm';
import { bigserial, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { timestamps } from '../platform/db/columns';
import type { ActorRef } from '../platform/db/columns';
import { zones } from '../platform/db/tables';

/** SPEC §3 Gateway. Its id is the 12-hex lower-case MAC; `zone_id` mirrors config.location. */
export const gateways = pgTable(
  'gateways',
  {
    id: text('id').primaryKey(),
    orgId: uuid('org_id')
      .notNull()
      .references(() => zones.id),
    zoneId: uuid('zone_id').references(() => zones.id),
    config: jsonb('config').$type<Record<string, unknown>>().notNull().default({}),
    state: jsonb('state').$type<Record<string, unknown>>().notNull().default({}),
    ...timestamps,
  },
  (t) => [
    index('gateways_org_idx').on(t.orgId),
    index('gateways_zone_idx').on(t.zoneId),
    index('gateways_config_state_idx').on(sql`(${t.config}->>'state')`),
    // Issue 22: the gateways of a box and of an order, as the warehouse's scans find them.
    index('gateways_logistics_box_idx')
      .on(sql`(${t.config}->'logistics'->>'barcode')`)
      .where(sql`(${t.config}->'logistics'->>'barcode') is not null`),
    index('gateways_logistics_order_idx')
      .on(sql`(${t.config}->'logistics'->>'order')`)
      .where(sql`(${t.config}->'logistics'->>'order') is not null`),
  ],
);

/** Gateway heartbeats kept over time (the device issue's 24-hour metrics read them). */
export const gatewayHeartbeats = pgTable(
  'gateway_heartbeats',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    orgId: uuid('org_id')
      .notNull()
      .references(() => zones.id),
    gatewayId: text('gateway_id').notNull(),
    status: text('status'),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    at: timestamp('at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('gateway_heartbeats_gateway_at_idx').on(t.gatewayId, t.at)],
);

/** Commands waiting for a gateway, handed over in its next heartbeat's answer. */
export const gatewayCommands = pgTable(
  'gateway_commands',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orgId: uuid('org_id')
      .notNull()
      .references(() => zones.id),
    gatewayId: text('gateway_id').notNull(),
    type: text('type').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull().default({}),
    deliveredAt: timestamp('delivered_at', { withTimezone: true, mode: 'date' }),
    /** When the gateway reported the command applied (the sync log). */
    confirmedAt: timestamp('confirmed_at', { withTimezone: true, mode: 'date' }),
    /** Who queued it (user or key), for the sync log. */
    actor: jsonb('actor').$type<ActorRef>(),
    createdAt: timestamps.createdAt,
  },
  (t) => [
    index('gateway_commands_org_created_idx').on(t.orgId, t.createdAt),
    index('gateway_commands_pending_idx')
      .on(t.gatewayId)
      .where(sql`${t.deliveredAt} is null`),
  ],
);
