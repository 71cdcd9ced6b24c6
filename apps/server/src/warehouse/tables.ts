import { index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { zones } from '../platform/db/tables';

// Issue 22, the warehouse's and the factory's scans (docs/WAREHOUSE.md "The scan call").

/**
 * Every scan by its idempotency key, with the answer given: a key seen again is answered the same
 * (domain `repeatAnswer`), so a retry or a double send never applies twice. `owner` is who scanned
 * (the caller's id, or `key:<id>`); kept 30 days.
 */
export const warehouseScans = pgTable(
  'warehouse_scans',
  {
    key: uuid('key').primaryKey(),
    orgId: uuid('org_id')
      .notNull()
      .references(() => zones.id),
    owner: text('owner').notNull(),
    step: text('step').notNull(),
    text: text('text').notNull(),
    answer: jsonb('answer').$type<Record<string, unknown>>(),
    at: timestamp('at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('warehouse_scans_owner_idx').on(t.owner, t.step, t.at)],
);

/**
 * A kiosk step's own state per person (the open box at pack and repack, the tallies of a receive),
 * locked by each scan of that step (domain `StepInput.state`).
 */
export const warehouseStepStates = pgTable(
  'warehouse_step_states',
  {
    owner: text('owner').notNull(),
    step: text('step').notNull(),
    orgId: uuid('org_id')
      .notNull()
      .references(() => zones.id),
    state: jsonb('state').$type<Record<string, unknown>>().notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.owner, t.step] })],
);

/**
 * The warehouse's minimum stock per SKU (domain `inventoryMinimumsSchema`): the inventory warns when
 * the devices in stock of a SKU fall below it. Kept by the warehouse organisation (smpwarehouse).
 */
export const inventoryMinimums = pgTable(
  'inventory_minimums',
  {
    orgId: uuid('org_id')
      .notNull()
      .references(() => zones.id),
    sku: text('sku').notNull(),
    minimum: integer('minimum').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.orgId, t.sku] })],
);
