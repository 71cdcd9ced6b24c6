import type { ActorRef } from '../platform/db/columns';
import { sql } from 'drizzle-orm';
import {
  bigserial,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { timestamps } from '../platform/db/columns';
import { zones } from '../platform/db/tables';

/**
 * SPEC §3 Alert. One open alert per tag at most (partial unique index): a new press of a tag whose
 * alert is still open joins it. `zone_id` is the alert's location, for zone scoping.
 */
export const alerts = pgTable(
  'alerts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orgId: uuid('org_id')
      .notNull()
      .references(() => zones.id),
    zoneId: uuid('zone_id').references(() => zones.id, { onDelete: 'set null' }),
    tagId: text('tag_id').notNull(),
    gatewayId: text('gateway_id'),
    state: text('state').notNull(),
    mode: text('mode').notNull(),
    dangerReason: text('danger_reason'),
    pressCount: integer('press_count').notNull().default(1),
    lastPressAt: timestamp('last_press_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    acknowledgedAt: timestamp('acknowledged_at', { withTimezone: true, mode: 'date' }),
    acknowledgedBy: jsonb('acknowledged_by').$type<ActorRef>(),
    escalatedAt: timestamp('escalated_at', { withTimezone: true, mode: 'date' }),
    closedAt: timestamp('closed_at', { withTimezone: true, mode: 'date' }),
    closedBy: jsonb('closed_by').$type<ActorRef>(),
    reasonCode: text('reason_code'),
    reasonText: text('reason_text'),
    reasonDetails: jsonb('reason_details').$type<Record<string, unknown>>(),
    /** Issue 20: the home visit the press fell in (or that fell overdue); its address is the location. */
    visitId: uuid('visit_id'),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('alerts_open_tag_idx')
      .on(t.tagId)
      .where(sql`${t.closedAt} is null`),
    index('alerts_org_open_idx')
      .on(t.orgId, t.createdAt)
      .where(sql`${t.closedAt} is null`),
    index('alerts_org_created_idx').on(t.orgId, t.createdAt),
    index('alerts_zone_idx').on(t.zoneId),
    // The escalation sweep's candidates (every second, on every instance): open, unanswered, not escalated.
    index('alerts_escalation_idx')
      .on(t.createdAt)
      .where(sql`${t.closedAt} is null and ${t.acknowledgedAt} is null and ${t.escalatedAt} is null`),
    // Issue 18 analytics: an organisation's slowest closed alerts (until acknowledged, else closed), read backwards.
    index('alerts_org_response_idx')
      .on(t.orgId, sql`(coalesce(${t.acknowledgedAt}, ${t.closedAt}) - ${t.createdAt})`)
      .where(sql`${t.closedAt} is not null`),
  ],
);

/** Every transition of an alert with time and actor (the response-time analytics read these). */
export const alertEvents = pgTable(
  'alert_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    alertId: uuid('alert_id')
      .notNull()
      .references(() => alerts.id, { onDelete: 'cascade' }),
    action: text('action').notNull(),
    actor: jsonb('actor').$type<ActorRef>(),
    details: jsonb('details').$type<Record<string, unknown>>(),
    at: timestamp('at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('alert_events_alert_idx').on(t.alertId, t.at)],
);

/**
 * SPEC §7 `POST log/alerts/error/{id}`: a console saw an alert first appear while its alert refresh
 * was failing (`clientLastRefreshDelta` ms since its last good refresh).
 */
export const alertClientErrors = pgTable(
  'alert_client_errors',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    orgId: uuid('org_id')
      .notNull()
      .references(() => zones.id),
    alertId: uuid('alert_id')
      .notNull()
      .references(() => alerts.id, { onDelete: 'cascade' }),
    tag: text('tag').notNull(),
    clientLastRefreshDelta: doublePrecision('client_last_refresh_delta').notNull(),
    actor: jsonb('actor').$type<ActorRef>().notNull(),
    requestId: text('request_id').notNull(),
    at: timestamp('at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    index('alert_client_errors_alert_idx').on(t.alertId),
    index('alert_client_errors_org_at_idx').on(t.orgId, t.at),
  ],
);
