import { bigserial, index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { zones } from '../platform/db/tables';

/**
 * SPEC §3 Button event as ingested: deduplicated on (tag, nonce) — the first answer is replayed for
 * a retry — and pruned after 24 hours.
 */
export const buttonEvents = pgTable(
  'button_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    orgId: uuid('org_id')
      .notNull()
      .references(() => zones.id),
    tagId: text('tag_id').notNull(),
    nonce: text('nonce').notNull(),
    gatewayId: text('gateway_id').notNull(),
    events: jsonb('events').$type<unknown[]>().notNull(),
    status: text('status').notNull(),
    alertId: uuid('alert_id'),
    receivedAt: timestamp('received_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('button_events_nonce_idx').on(t.orgId, t.tagId, t.nonce),
    index('button_events_received_idx').on(t.receivedAt),
    // Issue 21: a distribution kiosk's poll for the taps its station's gateway heard.
    index('button_events_gateway_idx').on(t.gatewayId, t.receivedAt),
  ],
);
