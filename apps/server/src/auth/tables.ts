import {
  bigserial,
  index,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { timestamps } from '../platform/db/columns';
import { zones } from '../platform/db/tables';
import { users } from '../users/tables';

export const credentials = pgTable('credentials', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  passwordHash: text('password_hash').notNull(),
  updatedAt: timestamps.updatedAt,
});

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

// Issue 17: single sign-on (SAML 2.0, OpenID Connect). Provider settings per organisation (or site
// with its own slug), the state of sign-ins under way, the SAML assertions already accepted, and
// the one-time codes that hand a finished sign-in to the console.

/**
 * A zone's identity provider of one kind (`saml`, `google`): its settings as the domain's provider
 * schemas read them (the IdP's metadata parsed, or the OpenID issuer's discovery kept), and the
 * OpenID client secret sealed (platform/crypto.ts sealSecret), never answered.
 */
export const signInProviders = pgTable(
  'sign_in_providers',
  {
    zoneId: uuid('zone_id')
      .notNull()
      .references(() => zones.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    settings: jsonb('settings').$type<Record<string, unknown>>().notNull(),
    secretSealed: text('secret_sealed'),
    ...timestamps,
  },
  (t) => [primaryKey({ columns: [t.zoneId, t.kind] })],
);

/**
 * A sign-in sent to an identity provider and not back yet: keyed by the random `state` (SAML's
 * RelayState, OpenID's state), used once (`used_at`), forgotten after SSO_REQUEST_TTL_MS. The
 * IdP's answer is a cross-site POST or redirect, so the state is the server's, not a cookie's.
 */
export const signInRequests = pgTable(
  'sign_in_requests',
  {
    state: text('state').primaryKey(),
    zoneId: uuid('zone_id')
      .notNull()
      .references(() => zones.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    /** SAML: the AuthnRequest's ID, which the response's InResponseTo must name. */
    requestId: text('request_id'),
    /** OpenID: the nonce and the PKCE verifier. */
    nonce: text('nonce'),
    codeVerifier: text('code_verifier'),
    /** Where the console goes once signed in (SPEC §2.2 `after`). */
    after: text('after'),
    createdAt: timestamps.createdAt,
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [index('sign_in_requests_expires_idx').on(t.expiresAt)],
);

/** SAML assertions accepted, by their ID per organisation: each is accepted once (a replay is refused). */
export const samlAssertions = pgTable(
  'saml_assertions',
  {
    zoneId: uuid('zone_id')
      .notNull()
      .references(() => zones.id, { onDelete: 'cascade' }),
    assertionId: text('assertion_id').notNull(),
    /** Kept until the assertion itself would have expired. */
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    createdAt: timestamps.createdAt,
  },
  (t) => [
    primaryKey({ columns: [t.zoneId, t.assertionId] }),
    index('saml_assertions_expires_idx').on(t.expiresAt),
  ],
);

/** A finished sign-in waiting for the console to exchange it (POST /api/auth/exchange), once. */
export const authCodes = pgTable('auth_codes', {
  codeHash: text('code_hash').primaryKey(),
  userId: uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  zoneId: uuid('zone_id')
    .notNull()
    .references(() => zones.id, { onDelete: 'cascade' }),
  method: text('method').notNull(),
  after: text('after'),
  createdAt: timestamps.createdAt,
  expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
});
