import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import { ALERT_LINK_MAX_AGE_MS, ALERT_LINK_TOKEN_RE } from '@vigil/domain';
import type { Db, Tx } from '../platform/db/client';
import { sha256 } from '../platform/crypto';
import { alertLinks } from './tables';

// Issue 16 "Alert links": the token of (alert, subscription) is derived, not drawn, so every attempt
// and every later moment of one delivery carries the same link; only its SHA-256 is stored, so the
// table alone opens nothing. The secret is the server's token secret (`app.tokenSecret`, made once by
// platform/settings.ts loadTokenSecret and shared by every instance).

export type AlertLinkRow = typeof alertLinks.$inferSelect;

/**
 * The link token of an alert for one subscription (null: a test message): HMAC-SHA256 of
 * `<alertId>:<subscriptionId or 'test'>` under the server secret, base64url (43 characters, matching
 * ALERT_LINK_TOKEN_RE). No access token or download link signs a message with a ':' (theirs are
 * base64url), so the same secret cannot make one of them.
 */
export function alertLinkToken(secret: string, alertId: string, subscriptionId: string | null): string {
  return crypto
    .createHmac('sha256', secret)
    .update(`${alertId}:${subscriptionId ?? 'test'}`)
    .digest('base64url');
}

/** The console page of a token, as a path: the caller puts the public base URL before it. */
export const alertLinkPath = (token: string) => `/link/a/${token}`;

export type EnsureAlertLink = {
  orgId: string;
  alertId: string;
  subscriptionId: string | null;
  /** Who it was sent to, as the page names them ('Jane Doe (e-mail)'). */
  recipient: string;
  secret: string;
  /** When the link comes into being (the alert's creation or the delivery's): it expires 24 h later. */
  createdAt: Date;
};

/**
 * The link of (alert, subscription), written the first time and kept after (a retry, a later moment):
 * its token, page path and expiry. A revoked link stays revoked: the row is never rewritten.
 */
export async function ensureAlertLink(
  db: Db | Tx,
  input: EnsureAlertLink,
): Promise<{ token: string; path: string; expiresAt: Date }> {
  const token = alertLinkToken(input.secret, input.alertId, input.subscriptionId);
  const tokenHash = sha256(token);
  // No conflict target: a test link (null subscription) is unique by its token only, as NULLs differ.
  const [inserted] = await db
    .insert(alertLinks)
    .values({
      orgId: input.orgId,
      alertId: input.alertId,
      subscriptionId: input.subscriptionId,
      recipient: input.recipient,
      tokenHash,
      expiresAt: new Date(input.createdAt.getTime() + ALERT_LINK_MAX_AGE_MS),
      createdAt: input.createdAt,
    })
    .onConflictDoNothing()
    .returning({ expiresAt: alertLinks.expiresAt });
  const [kept] = inserted
    ? [inserted]
    : await db
        .select({ expiresAt: alertLinks.expiresAt })
        .from(alertLinks)
        .where(eq(alertLinks.tokenHash, tokenHash));
  if (!kept) throw new Error(`alert link of ${input.alertId} neither written nor found`);
  const expiresAt = kept.expiresAt;
  return { token, path: alertLinkPath(token), expiresAt };
}

/** The link row a token names, revoked and expired ones included; undefined for a malformed token. */
export async function findAlertLink(db: Db | Tx, token: string): Promise<AlertLinkRow | undefined> {
  if (!ALERT_LINK_TOKEN_RE.test(token)) return undefined;
  const [row] = await db
    .select()
    .from(alertLinks)
    .where(eq(alertLinks.tokenHash, sha256(token)))
    .limit(1);
  return row;
}

/**
 * `ensureAlertLink` for many (alert, subscription) pairs in one statement (a press told to a
 * thousand contacts): answers each one's page path, in order. Existing and revoked links are kept.
 */
export async function ensureAlertLinks(db: Db | Tx, inputs: readonly EnsureAlertLink[]): Promise<string[]> {
  if (inputs.length === 0) return [];
  const tokens = inputs.map((input) => alertLinkToken(input.secret, input.alertId, input.subscriptionId));
  await db
    .insert(alertLinks)
    .values(
      inputs.map((input, i) => ({
        orgId: input.orgId,
        alertId: input.alertId,
        subscriptionId: input.subscriptionId,
        recipient: input.recipient,
        tokenHash: sha256(tokens[i]!),
        expiresAt: new Date(input.createdAt.getTime() + ALERT_LINK_MAX_AGE_MS),
        createdAt: input.createdAt,
      })),
    )
    .onConflictDoNothing();
  return tokens.map(alertLinkPath);
}
