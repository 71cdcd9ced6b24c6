import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
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
import { tagSql } from './tag-sql';

const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
};

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

/** SPEC §3 Role: its id is its name, abilities are CASL raw rules. */
export const roles = pgTable('roles', {
  id: text('id').primaryKey(),
  abilities: jsonb('abilities').$type<unknown[]>().notNull().default([]),
  ...timestamps,
});

/** SPEC §3 User. `location` narrows alert views; `state` holds closedNotes. */
export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    name: text('name').notNull(),
    role: text('role')
      .notNull()
      .references(() => roles.id),
    zoneId: uuid('zone_id')
      .notNull()
      .references(() => zones.id),
    location: uuid('location')
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    state: jsonb('state').$type<Record<string, unknown>>().notNull().default({}),
    ...timestamps,
  },
  (t) => [uniqueIndex('users_email_idx').on(sql`lower(${t.email})`), index('users_zone_idx').on(t.zoneId)],
);

export const credentials = pgTable('credentials', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  passwordHash: text('password_hash').notNull(),
  updatedAt: timestamps.updatedAt,
});

/** API keys: console keys (kind 'console') and gateway keys (kind 'gateway', ingest only). */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    kind: text('kind').notNull().default('console'),
    zoneId: uuid('zone_id')
      .notNull()
      .references(() => zones.id),
    role: text('role')
      .notNull()
      .references(() => roles.id),
    /** SHA-256 hex of the secret: keys carry 128+ random bits, so a slow hash adds nothing. */
    keyHash: text('key_hash').notNull(),
    /** First characters of the secret, to recognise a key in a list. */
    prefix: text('prefix').notNull(),
    createdBy: text('created_by'),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true, mode: 'date' }),
    ...timestamps,
  },
  (t) => [uniqueIndex('api_keys_hash_idx').on(t.keyHash), index('api_keys_zone_idx').on(t.zoneId)],
);

/** A signed-in session: one per login, revoked on logout; carries the session role override. */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    roleOverride: text('role_override'),
    revokedAt: timestamp('revoked_at', { withTimezone: true, mode: 'date' }),
    createdAt: timestamps.createdAt,
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

/** Refresh tokens, rotated on use; a replaced token stays valid for a short grace. */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    replacedAt: timestamp('replaced_at', { withTimezone: true, mode: 'date' }),
    createdAt: timestamps.createdAt,
  },
  (t) => [
    uniqueIndex('refresh_tokens_hash_idx').on(t.tokenHash),
    index('refresh_tokens_session_idx').on(t.sessionId),
  ],
);

/** Failed password logins, for the per (account, client address) limit. */
export const loginFailures = pgTable(
  'login_failures',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    account: text('account').notNull(),
    client: text('client').notNull(),
    at: timestamp('at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('login_failures_key_idx').on(t.account, t.client, t.at)],
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

/** SPEC §3 Tag. Its id is the 12-hex lower-case MAC; `zone_id` mirrors config.location. */
export const tags = pgTable(
  'tags',
  {
    id: text('id').primaryKey(),
    orgId: uuid('org_id')
      .notNull()
      .references(() => zones.id),
    zoneId: uuid('zone_id').references(() => zones.id),
    config: jsonb('config').$type<Record<string, unknown>>().notNull().default({}),
    state: jsonb('state').$type<Record<string, unknown>>().notNull().default({}),
    ...timestamps,
    /** What the list's `query` searches (`tagSql.searchText`), kept by PostgreSQL itself. */
    search: text('search').generatedAlwaysAs(
      tagSql.searchText(sql.identifier('id') as never, sql.identifier('config') as never),
    ),
  },
  (t) => [
    index('tags_zone_idx').on(t.zoneId),
    // The tag list at scale (issue 6, bench/lists.bench.ts): `query` through trigram indexes (pg_trgm),
    // each sort key after the organisation, the id last as the list's tie-break. Every tag query is
    // scoped by organisation, so the organisation leads (0006 replaced the state and org indexes of 0005).
    // A trigram index's pending list is merged by the write that fills it: at 4 MB (the default) a
    // 500-tag batch now and then took 430 ms instead of 95, holding embedded PGlite's one thread; at
    // 1 MB the slowest took 130-170 (0007, bench/lists.bench.ts).
    index('tags_search_trgm_idx')
      .using('gin', sql`${t.search} gin_trgm_ops`)
      .with({ gin_pending_list_limit: 1024 }),
    index('tags_org_owner_name_idx').on(t.orgId, tagSql.ownerNameSort(t.config), t.id),
    index('tags_org_label_idx').on(t.orgId, tagSql.label(t.config), t.id),
    index('tags_org_state_idx').on(t.orgId, tagSql.state(t.config), t.id),
    index('tags_org_battery_idx').on(t.orgId, tagSql.batteryMv(t.state), t.id),
    index('tags_org_last_seen_idx').on(t.orgId, tagSql.lastSeen(t.state), t.id),
    index('tags_org_urgency_idx').on(t.orgId, tagSql.collectionUrgency(t.config), t.id),
    // The organisation's ids in order, from the index alone (a count, a deep offset page).
    index('tags_org_id_idx').on(t.orgId, t.id),
  ],
);

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
  ],
);

/** Server-wide settings (the token signing secret, shared by every instance). */
export const settings = pgTable('settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
});

/**
 * SPEC §3 Console: a browser profile, identified by the UUID it keeps (issue 4). Created by its
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

type ActorRef = { id: string; name: string };

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
    /** When the gateway reported the command applied (the sync log, issue 6). */
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

/** SPEC §3 Person: staff who carry tags. `zone_id` is the person's location; `person_id` the customer's own id. */
export const people = pgTable(
  'people',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orgId: uuid('org_id')
      .notNull()
      .references(() => zones.id),
    zoneId: uuid('zone_id').references(() => zones.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    personId: text('person_id').notNull(),
    contacts: jsonb('contacts').$type<{ email?: string }>().notNull().default({}),
    isRemote: boolean('is_remote').notNull().default(false),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('people_org_person_idx').on(t.orgId, t.personId),
    index('people_org_name_idx').on(t.orgId, sql`lower(${t.name})`),
    index('people_zone_idx').on(t.zoneId),
  ],
);

/** SPEC §3 Distribution station: a kiosk handing out tags (name, help text, minimum inventory). */
export const distributionStations = pgTable(
  'distribution_stations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orgId: uuid('org_id')
      .notNull()
      .references(() => zones.id),
    zoneId: uuid('zone_id').references(() => zones.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    helpMessage: text('help_message').notNull().default(''),
    minimumInventory: integer('minimum_inventory').notNull().default(0),
    config: jsonb('config').$type<Record<string, unknown>>().notNull().default({}),
    ...timestamps,
  },
  (t) => [index('distribution_stations_org_idx').on(t.orgId)],
);

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
