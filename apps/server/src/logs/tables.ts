import { index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { ActorRef } from '../platform/db/columns';
import { zones } from '../platform/db/tables';

/** The batch operations log (/log/batch): one row per bulk run of a tag or gateway operation. */
export const batchOperations = pgTable(
  'batch_operations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orgId: uuid('org_id')
      .notNull()
      .references(() => zones.id),
    requestId: text('request_id').notNull(),
    actor: jsonb('actor').$type<ActorRef>().notNull(),
    /** 'Tag' or 'Gateway'. */
    subject: text('subject').notNull(),
    op: text('op').notNull(),
    args: jsonb('args').$type<Record<string, unknown>>().notNull().default({}),
    ids: text('ids').array().notNull(),
    count: integer('count').notNull(),
    at: timestamp('at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('batch_operations_org_at_idx').on(t.orgId, t.at)],
);
