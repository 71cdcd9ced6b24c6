import { index, integer, jsonb, pgTable, real, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { timestamps } from '../platform/db/columns';
import { zones } from '../platform/db/tables';

/** The organisation and floor a plan row belongs to (fresh builders for each table); gone with the floor. */
const ofFloor = () => ({
  orgId: uuid('org_id')
    .notNull()
    .references(() => zones.id, { onDelete: 'cascade' }),
  floorId: uuid('floor_id')
    .notNull()
    .references(() => zones.id, { onDelete: 'cascade' }),
});

/**
 * An uploaded plan image (SPEC §4 Plan editing): stored once in image storage under `path`, then
 * read by the thumbnail job and by every tile job that places it. Width and height are the image's
 * upright size (EXIF orientation applied), the size the corners are placed on.
 */
export const planSources = pgTable(
  'plan_sources',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ...ofFloor(),
    /** Relative to the organisation's image storage (the image signature's root). */
    path: text('path').notNull(),
    format: text('format').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    bytes: integer('bytes').notNull(),
    createdAt: timestamps.createdAt,
  },
  (t) => [index('plan_sources_floor_idx').on(t.floorId)],
);

/** A tiled plan: its tiles live in image storage under `plans/<floor>/<id>/`; a floor's config.planId names one. */
export const plans = pgTable(
  'plans',
  {
    id: uuid('id').primaryKey(),
    ...ofFloor(),
    sourceId: uuid('source_id')
      .notNull()
      .references(() => planSources.id, { onDelete: 'cascade' }),
    /** [lng, lat] of the image's top-left, top-right, bottom-right and bottom-left corners. */
    corners: jsonb('corners').$type<[number, number][]>().notNull(),
    /** [west, south, east, north]. */
    bounds: jsonb('bounds').$type<[number, number, number, number]>().notNull(),
    tiles: integer('tiles').notNull(),
    createdAt: timestamps.createdAt,
  },
  (t) => [index('plans_floor_idx').on(t.floorId)],
);

/**
 * A thumbnail or tile job's progress (SPEC §7 plan/status), readable from every instance. The job
 * queue runs the work; this row is what a status call answers. `state`: queued, running, done,
 * failed, cancelled. `updated_at` is the running job's heartbeat: a row left `running` without one is
 * answered as stopped (plan-job-status.ts).
 */
export const planJobs = pgTable(
  'plan_jobs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ...ofFloor(),
    kind: text('kind').$type<'thumbnail' | 'tile'>().notNull(),
    state: text('state').$type<PlanJobState>().notNull().default('queued'),
    step: text('step').notNull().default('queued'),
    percent: real('percent').notNull().default(0),
    failReason: text('fail_reason'),
    /** The job queue's id of the work, for cancelling it. */
    queueJobId: uuid('queue_job_id'),
    attempts: integer('attempts').notNull().default(0),
    input: jsonb('input').$type<Record<string, unknown>>().notNull(),
    result: jsonb('result').$type<Record<string, unknown>>(),
    ...timestamps,
    finishedAt: timestamp('finished_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [index('plan_jobs_floor_idx').on(t.floorId)],
);

export type PlanJobState = 'queued' | 'running' | 'done' | 'failed' | 'cancelled';
export type PlanJobRow = typeof planJobs.$inferSelect;
export type PlanSourceRow = typeof planSources.$inferSelect;
