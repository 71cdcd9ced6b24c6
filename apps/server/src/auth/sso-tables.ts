import { index, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { timestamps } from '../platform/db/columns';
import { zones } from '../platform/db/tables';
import { users } from '../users/tables';

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
