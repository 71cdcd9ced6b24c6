import { sql } from 'drizzle-orm';
import {
  bigserial,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { timestamps } from './columns';

/**
 * SPEC §3 Zone. Organisations are zones of level 'org' under the single 'root'.
 * `path` holds the ids from the root down to the zone itself, so a subtree is `path && ARRAY[id]`.
 */
export const zones = pgTable(
  'zones',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    level: text('level').notNull(),
    parentId: uuid('parent_id'),
    path: uuid('path').array().notNull(),
    slug: text('slug'),
    config: jsonb('config').$type<Record<string, unknown>>().notNull().default({}),
    auth: jsonb('auth').$type<Record<string, unknown>>().notNull().default({}),
    peers: uuid('peers')
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    followers: uuid('followers')
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    ...timestamps,
  },
  (t) => [
    index('zones_parent_idx').on(t.parentId),
    index('zones_path_idx').using('gin', t.path),
    uniqueIndex('zones_slug_idx').on(t.slug),
  ],
);

/** Every write: who, which request, which entity, before and after (SPEC /log/audit). */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    requestId: text('request_id').notNull(),
    actor: text('actor').notNull(),
    orgId: uuid('org_id'),
    entity: text('entity').notNull(),
    entityId: text('entity_id').notNull(),
    action: text('action').notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
    at: timestamp('at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    index('audit_log_entity_idx').on(t.entity, t.entityId),
    index('audit_log_request_idx').on(t.requestId),
    index('audit_log_org_at_idx').on(t.orgId, t.at),
  ],
);

/** Server-wide settings (the token signing secret, shared by every instance). */
export const settings = pgTable('settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
});

/**
 * The realtime outbox: events committed with the change that caused them; `seq` is the SSE event
 * id, so Last-Event-ID replays across restarts and instances.
 */
export const outbox = pgTable(
  'outbox',
  {
    seq: bigserial('seq', { mode: 'number' }).primaryKey(),
    orgId: uuid('org_id').notNull(),
    zoneId: uuid('zone_id'),
    /** The zone's path (root down to it), so a stream filters by scope without a lookup. */
    zonePath: uuid('zone_path').array(),
    type: text('type').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    createdAt: timestamps.createdAt,
  },
  (t) => [index('outbox_created_idx').on(t.createdAt)],
);

/**
 * The durable job queue (platform/jobs.ts, which alone reads and writes it). `state`: `created`
 * (waiting) → `active` (claimed) → `completed`; a failed attempt goes to `retry` (waiting again,
 * `start_after` one retry delay later) or, out of retries, to `failed`; `cancelled` by `cancel`.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    data: jsonb('data').notNull().default({}),
    state: text('state').notNull().default('created'),
    /** At most one waiting (`created`) job per (name, key): `jobs_singleton_idx`. */
    singletonKey: text('singleton_key'),
    /** Not claimed before this time, on the database clock. */
    startAfter: timestamp('start_after', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    retryLimit: integer('retry_limit').notNull(),
    retryCount: integer('retry_count').notNull().default(0),
    /** The running attempt's own id: only its holder may heartbeat, complete or fail it. */
    claim: uuid('claim'),
    startedAt: timestamp('started_at', { withTimezone: true, mode: 'date' }),
    heartbeatAt: timestamp('heartbeat_at', { withTimezone: true, mode: 'date' }),
    /** When it completed, failed for good or was cancelled; such rows are deleted after a week. */
    finishedAt: timestamp('finished_at', { withTimezone: true, mode: 'date' }),
    /** The last failed attempt's error. */
    error: text('error'),
    createdAt: timestamps.createdAt,
  },
  (t) => [
    uniqueIndex('jobs_singleton_idx')
      .on(t.name, t.singletonKey)
      .where(sql`${t.state} = 'created'`),
    index('jobs_due_idx')
      .on(t.name, t.startAfter)
      .where(sql`${t.state} in ('created', 'retry')`),
    index('jobs_active_idx')
      .on(t.heartbeatAt)
      .where(sql`${t.state} = 'active'`),
    index('jobs_finished_idx')
      .on(t.finishedAt)
      .where(sql`${t.state} in ('completed', 'failed', 'cancelled')`),
  ],
);
