import { sql } from 'drizzle-orm';
import {
  bigint,
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
import { timestamps, type ActorRef } from '../platform/db/columns';
import { zones } from '../platform/db/tables';
import { users } from '../users/tables';
import { alerts } from '../alerts/tables';

// Issue 16: subscriptions, the notification outbox and its deliveries, and alert links
// (docs/NOTIFICATIONS.md). How a press becomes an e-mail, never lost:
//   1. the transaction that changes an alert writes a `notification_triggers` row (created,
//      escalated, closed) beside its history row and realtime event;
//   2. a fan-out worker claims unprocessed triggers (FOR UPDATE SKIP LOCKED), writes one
//      `notifications` row per matching subscription (unique per trigger and subscription) and marks
//      the trigger processed, in one transaction;
//   3. delivery workers on every instance claim due notifications with a lease, send them through
//      their channel with the row's idempotency key, and record the outcome; a lease that runs out
//      (the instance died mid-send) makes the row due again: delivered after a restart, at worst
//      twice with the same key.

/** Who hears of what in a zone subtree, and how (domain notifications/subscriptions.ts). */
export const subscriptions = pgTable(
  'subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orgId: uuid('org_id')
      .notNull()
      .references(() => zones.id, { onDelete: 'cascade' }),
    /** The root of the subtree it follows. */
    zoneId: uuid('zone_id')
      .notNull()
      .references(() => zones.id, { onDelete: 'cascade' }),
    /** A user recipient (told by e-mail at their address); null for a contact. */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    /** A contact recipient: name, SPEC §3 contact kind and address; null for a user. */
    contactName: text('contact_name'),
    contactKind: text('contact_kind'),
    contactAddress: text('contact_address'),
    modes: text('modes').array().notNull(),
    moments: text('moments').array().notNull(),
    unacknowledgedAfterS: integer('unacknowledged_after_s'),
    pausedAt: timestamp('paused_at', { withTimezone: true, mode: 'date' }),
    createdBy: jsonb('created_by').$type<ActorRef>(),
    ...timestamps,
  },
  (t) => [index('subscriptions_org_idx').on(t.orgId), index('subscriptions_user_idx').on(t.userId)],
);

/**
 * Something that may notify, written in the transaction of the change that caused it. `kind`: an
 * alert moment (`created`, `escalated`, `closed`), `test` (a subscription's test message, naming
 * it in `subscription_id`), `digest` / `gatewaysDisconnected` (written by their sweeps), or
 * `stationBelowMinimum` (a tag write that left a distribution station short, stations/inventory.ts).
 */
export const notificationTriggers = pgTable(
  'notification_triggers',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    orgId: uuid('org_id').notNull(),
    kind: text('kind').notNull(),
    alertId: uuid('alert_id').references(() => alerts.id, { onDelete: 'cascade' }),
    subscriptionId: uuid('subscription_id'),
    details: jsonb('details').$type<Record<string, unknown>>(),
    at: timestamp('at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    processedAt: timestamp('processed_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    index('notification_triggers_pending_idx')
      .on(t.id)
      .where(sql`${t.processedAt} is null`),
    index('notification_triggers_at_idx').on(t.at),
    // Deleting an alert (retention) cascades here: without it each delete scans the table (issue 19).
    index('notification_triggers_alert_idx').on(t.alertId),
    // A sweep's trigger (gatewaysDisconnected, flaggedDigest) is written once whichever instance
    // sweeps: its `details.key` names what it reports (sweeps.ts).
    uniqueIndex('notification_triggers_key_idx')
      .on(t.orgId, t.kind, sql`(${t.details}->>'key')`)
      .where(sql`${t.details} ? 'key'`),
  ],
);

/**
 * One message to one contact over one channel (a delivery): `state` pending → delivered, failed or
 * skipped. `due_at` is when it may next be tried; `lease_until` marks a send in progress (another
 * instance leaves it alone until then). `idempotency_key` is what the receiver sees on every attempt.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orgId: uuid('org_id').notNull(),
    triggerId: bigint('trigger_id', { mode: 'number' }).notNull(),
    subscriptionId: uuid('subscription_id'),
    alertId: uuid('alert_id').references(() => alerts.id, { onDelete: 'cascade' }),
    /** The alert moment, or `test`, `digest`, `gatewaysDisconnected`, `stationBelowMinimum`. */
    moment: text('moment').notNull(),
    recipient: text('recipient').notNull(),
    channel: text('channel').notNull(),
    address: text('address').notNull(),
    idempotencyKey: text('idempotency_key').notNull(),
    state: text('state').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    dueAt: timestamp('due_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    leaseUntil: timestamp('lease_until', { withTimezone: true, mode: 'date' }),
    lastError: text('last_error'),
    lastAttemptAt: timestamp('last_attempt_at', { withTimezone: true, mode: 'date' }),
    deliveredAt: timestamp('delivered_at', { withTimezone: true, mode: 'date' }),
    /** What the receiver answered (a provider id), and the subject line sent. */
    providerId: text('provider_id'),
    subject: text('subject').notNull().default(''),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('notifications_trigger_subscription_idx').on(t.triggerId, t.subscriptionId, t.moment),
    uniqueIndex('notifications_key_idx').on(t.idempotencyKey),
    index('notifications_due_idx')
      .on(t.dueAt)
      .where(sql`${t.state} = 'pending'`),
    index('notifications_alert_idx').on(t.alertId),
    index('notifications_org_created_idx').on(t.orgId, t.createdAt),
  ],
);

/**
 * A no-login link to one alert for one recipient (issue 16 "Alert links"): the token's SHA-256 only,
 * valid until `expires_at` or the alert's close, unless revoked. One per (alert, subscription).
 */
export const alertLinks = pgTable(
  'alert_links',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orgId: uuid('org_id').notNull(),
    alertId: uuid('alert_id')
      .notNull()
      .references(() => alerts.id, { onDelete: 'cascade' }),
    subscriptionId: uuid('subscription_id'),
    recipient: text('recipient').notNull(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true, mode: 'date' }),
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
    createdAt: timestamps.createdAt,
  },
  (t) => [
    uniqueIndex('alert_links_token_idx').on(t.tokenHash),
    uniqueIndex('alert_links_alert_subscription_idx').on(t.alertId, t.subscriptionId),
  ],
);
