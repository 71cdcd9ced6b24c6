import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { AUTH_CODE_TTL_MS, type Provisioning } from '@vigil/domain';
import type { Db } from '../platform/db/client';
import type { ZoneRow } from '../platform/caller';
import { authCodes, signInRequests, users, zones } from '../db/schema';
import { writeAudit } from '../platform/audit';
import { randomSecret, sha256 } from '../platform/crypto';

// The one ending of every single sign-on (issue 17), SAML's and OpenID's: the identity provider has
// vouched for an e-mail; find (or, when the provider says so, create) the organisation's user, audit
// it, and hand the console a one-time code through the /login address (POST /api/auth/exchange
// trades it for the session's tokens). Refusals go back to /login too, with SPEC §8's flags:
// authFail=1 for a person Vigil will not sign in, authError=1 for anything broken on the way.

export type SsoMethod = 'saml' | 'google';

/** Who asks, for the audit log: the request id of the IdP's answer. */
export type SsoContext = { requestId: string };

/** SPEC §2.2 `after`: a path of this console only, never another origin (`//host`, `/\host`). */
export function safeAfter(after: string | null | undefined): string | undefined {
  if (!after || after.length > 2000 || !after.startsWith('/')) return undefined;
  if (after.startsWith('//') || after.startsWith('/\\')) return undefined;
  return after;
}

/** The /login address a sign-in ends at; `authSlug` brings the console back to the right organisation. */
export function loginUrl(params: {
  slug?: string;
  authCode?: string;
  authFail?: boolean;
  authError?: boolean;
  reason?: 'zone';
  after?: string | null;
}): string {
  const query = new URLSearchParams();
  if (params.authCode) query.set('authCode', params.authCode);
  if (params.authFail) query.set('authFail', '1');
  if (params.authError) query.set('authError', '1');
  if (params.reason) query.set('reason', params.reason);
  if (params.slug) query.set('authSlug', params.slug);
  const after = safeAfter(params.after);
  if (after) query.set('after', after);
  return `/login?${query.toString()}`;
}

/** The organisation a sign-in zone belongs to (a site's path is root, organisation, site). */
function orgIdOf(zone: ZoneRow): string {
  return zone.level === 'org' ? zone.id : (zone.path[1] ?? zone.id);
}

/**
 * A sign-in that went wrong before an identity was vouched for (the IdP answered an error, the
 * response did not verify, the state was unknown or used): audited, then /login?authError=1.
 */
export async function refuseSignIn(
  db: Db,
  ctx: SsoContext,
  input: { zone?: ZoneRow; slug?: string; method: SsoMethod; reason: string; detail?: string },
): Promise<string> {
  await writeAudit(
    db,
    { requestId: ctx.requestId },
    {
      entity: 'signIn',
      entityId: input.zone?.id ?? input.slug ?? 'unknown',
      action: 'refuse',
      orgId: input.zone ? orgIdOf(input.zone) : null,
      after: {
        method: input.method,
        reason: input.reason,
        ...(input.detail ? { detail: input.detail } : {}),
      },
    },
  );
  return loginUrl({ slug: input.slug ?? input.zone?.slug ?? undefined, authError: true });
}

export type VouchedIdentity = {
  /** The zone whose provider vouched (an organisation, or a site with its own slug). */
  zone: ZoneRow;
  method: SsoMethod;
  email: string;
  name: string;
  provisioning: Provisioning;
  after?: string | null;
};

/**
 * Signs in the person the IdP vouched for: the user with this e-mail (any case) when it belongs to
 * the zone (its zone inside it, or above it: internal staff, as a password sign-in allows); a user
 * of another organisation is refused ('zone'); no user is created under provisioning 'create' and
 * refused ('invalid') otherwise. Answers the /login address to send the browser to.
 */
export async function finishSignIn(db: Db, ctx: SsoContext, input: VouchedIdentity): Promise<string> {
  const { zone, method } = input;
  const email = input.email.trim();
  const slug = zone.slug ?? undefined;
  const orgId = orgIdOf(zone);
  const refuse = async (reason: 'invalid' | 'zone', userId?: string) => {
    await writeAudit(
      db,
      { requestId: ctx.requestId },
      {
        entity: 'signIn',
        entityId: userId ?? zone.id,
        action: 'refuse',
        orgId,
        after: { method, reason, email },
      },
    );
    return loginUrl({ slug, authFail: true, reason: reason === 'zone' ? 'zone' : undefined });
  };

  let [found] = await findUserByEmail(db, email);
  let userId = found ? undefined : await provisionUser(db, ctx, { ...input, email, orgId });
  // Someone else made the user between the read and the insert: judge that user as any other.
  if (!found && !userId && input.provisioning.mode === 'create') [found] = await findUserByEmail(db, email);
  if (found) {
    const belongs = found.path.includes(zone.id) || zone.path.includes(found.zoneId);
    if (!belongs) return refuse('zone', found.id);
    userId = found.id;
  }
  if (!userId) return refuse('invalid');

  const code = randomSecret(32);
  await db.transaction(async (txn) => {
    const tx = txn as unknown as Db;
    await tx.insert(authCodes).values({
      codeHash: sha256(code),
      userId,
      zoneId: zone.id,
      method,
      after: safeAfter(input.after) ?? null,
      expiresAt: new Date(Date.now() + AUTH_CODE_TTL_MS),
    });
    await writeAudit(
      tx,
      { requestId: ctx.requestId, caller: { id: userId, org: { id: orgId } } },
      { entity: 'user', entityId: userId, action: 'signIn', orgId, after: { method, email } },
    );
  });
  return loginUrl({ slug, authCode: code, after: input.after });
}

function findUserByEmail(db: Db, email: string) {
  return db
    .select({ id: users.id, zoneId: users.zoneId, path: zones.path })
    .from(users)
    .innerJoin(zones, eq(zones.id, users.zoneId))
    .where(eq(sql`lower(${users.email})`, email.toLowerCase()))
    .limit(1);
}

/**
 * Provisioning 'create': the user in the provider's zone, with its role and location. Answers its
 * id; undefined when the provider does not create users, or when the e-mail was taken meanwhile.
 */
async function provisionUser(
  db: Db,
  ctx: SsoContext,
  input: VouchedIdentity & { orgId: string },
): Promise<string | undefined> {
  if (input.provisioning.mode !== 'create') return undefined;
  const { role, location } = input.provisioning;
  const name = input.name.trim().slice(0, 200) || input.email.slice(0, input.email.indexOf('@'));
  return db.transaction(async (txn) => {
    const tx = txn as unknown as Db;
    // Two first sign-ins of one person at once: the unique e-mail index lets one insert through.
    const [made] = await tx
      .insert(users)
      .values({ email: input.email, name, role, zoneId: input.zone.id, location })
      .onConflictDoNothing()
      .returning();
    if (!made) return undefined;
    await writeAudit(
      tx,
      { requestId: ctx.requestId, caller: { id: made.id, org: { id: input.orgId } } },
      {
        entity: 'user',
        entityId: made.id,
        action: 'create',
        orgId: input.orgId,
        after: { email: made.email, name: made.name, role, zone: input.zone.id, location, by: input.method },
      },
    );
    return made.id;
  });
}

/**
 * The sign-in a `state` (SAML's RelayState, OpenID's state) names for this zone and kind, marked
 * used in the same statement: a second answer with it finds nothing, nor does an expired one.
 */
export async function takeSignInRequest(db: Db, zone: ZoneRow, kind: 'saml' | 'google', state: string) {
  const now = new Date();
  const [row] = await db
    .update(signInRequests)
    .set({ usedAt: now })
    .where(
      and(
        eq(signInRequests.state, state),
        eq(signInRequests.zoneId, zone.id),
        eq(signInRequests.kind, kind),
        isNull(signInRequests.usedAt),
        gt(signInRequests.expiresAt, now),
      ),
    )
    .returning();
  return row;
}
