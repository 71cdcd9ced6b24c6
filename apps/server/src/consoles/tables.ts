import { index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { timestamps } from '../platform/db/columns';
import { zones } from '../platform/db/tables';

/**
 * SPEC §3 Console: a browser profile, identified by the UUID it keeps. Created by its
 * first heartbeat in the caller's organisation; `heartbeat` is the latest {href, user, pwa, hash, updatedAt}.
 */
export const consoles = pgTable(
  'consoles',
  {
    id: uuid('id').primaryKey(),
    orgId: uuid('org_id')
      .notNull()
      .references(() => zones.id),
    name: text('name').notNull(),
    config: jsonb('config').$type<Record<string, unknown>>().notNull().default({}),
    state: jsonb('state').$type<Record<string, unknown>>().notNull().default({}),
    heartbeat: jsonb('heartbeat').$type<ConsoleHeartbeatRow>(),
    ...timestamps,
  },
  (t) => [index('consoles_org_idx').on(t.orgId)],
);

/**
 * SPEC §7 consoles/{id}/snapshots: what a console posts of itself. `createdAt` is the console's own
 * clock (snapshots are buffered and debounced client-side), `receivedAt` the server's.
 */
export const consoleSnapshots = pgTable(
  'console_snapshots',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    consoleId: uuid('console_id')
      .notNull()
      .references(() => consoles.id, { onDelete: 'cascade' }),
    orgId: uuid('org_id').notNull(),
    data: jsonb('data').$type<Record<string, unknown>>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('console_snapshots_console_created_idx').on(t.consoleId, t.createdAt)],
);

export type ConsoleHeartbeatRow = {
  href: string | null;
  user: { id: string; name: string };
  pwa: boolean;
  hash: string;
  updatedAt: string;
};
