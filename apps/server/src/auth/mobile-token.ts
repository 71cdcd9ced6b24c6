import { and, eq, gt, isNull, lt } from 'drizzle-orm';
import { MOBILE_QR_TTL_MS, type MobileToken, type TokenData } from '@vigil/domain';
import type { Db } from '../platform/db/client';
import type { Actor } from '../platform/caller';
import { authCodes } from '../db/schema';
import { forbidden, unauthorized } from '../platform/errors';
import { randomSecret, sha256 } from '../platform/crypto';
import { writeAudit } from '../platform/audit';
import { startSession } from './sessions';

// SPEC §2.6, §7 mobile QR login (issue 17). The console's 'Login to mobile' asks for a one-time token
// valid 60 s and shows it as a QR code; the mobile app presents it once, as the bearer of
// GET /api/auth/token, and gets a session of its own. The token is an auth code (tables.ts
// authCodes, method 'mobileQr'): a code is used once and nothing else, so a session is only made
// when a phone redeems it, and the console renewing its code every 50 s leaves no sessions behind.

/**
 * Marks a mobile login token, so GET /api/auth/token can tell it from a refresh token without a
 * database read: '.' never occurs in a refresh token (base64url).
 */
export const MOBILE_TOKEN_PREFIX = 'mqr.';
const METHOD = 'mobileQr';

export function isMobileToken(token: string): boolean {
  return token.startsWith(MOBILE_TOKEN_PREFIX);
}

/**
 * POST /api/auth/mobile-token: a one-time token for the caller, a signed-in user (an API key has no
 * user to sign in as), for the organisation of the request. Audited; the token itself never is.
 */
export async function issueMobileToken(
  db: Db,
  actor: Actor,
  opts: { publicUrl?: string; now?: Date },
): Promise<MobileToken> {
  const { caller } = actor;
  if (caller.kind !== 'user' || !caller.userId) {
    throw forbidden('Only a signed-in user can sign in on the mobile app');
  }
  const userId = caller.userId;
  const now = opts.now ?? new Date();
  const token = MOBILE_TOKEN_PREFIX + randomSecret(32);
  const expiresAt = new Date(now.getTime() + MOBILE_QR_TTL_MS);
  await db.transaction(async (tx) => {
    // The user's codes that expired unused: an open dialog makes one a minute.
    await tx
      .delete(authCodes)
      .where(and(eq(authCodes.userId, userId), eq(authCodes.method, METHOD), lt(authCodes.expiresAt, now)));
    await tx.insert(authCodes).values({
      codeHash: sha256(token),
      userId,
      zoneId: caller.org.id,
      method: METHOD,
      expiresAt,
    });
    await writeAudit(tx, actor, {
      entity: 'user',
      entityId: userId,
      action: 'mobileQrCode',
      after: { expiresAt: expiresAt.toISOString() },
    });
  });
  const url = opts.publicUrl?.replace(/\/+$/, '');
  return { token, expiresAt: expiresAt.toISOString(), ...(url ? { url } : {}) };
}

/**
 * GET /api/auth/token with a mobile login token: used once (a concurrent second use loses the
 * conditional update), before it expires, at the organisation it was made for; then a new session
 * for its user, as a password sign-in starts one, whose refresh token rotates as every other does.
 */
export async function redeemMobileToken(
  db: Db,
  token: string,
  opts: Parameters<typeof startSession>[2],
  request: { requestId: string; orgId: string },
): Promise<TokenData> {
  const now = new Date();
  return db.transaction(async (tx) => {
    const [code] = await tx
      .update(authCodes)
      .set({ usedAt: now })
      .where(
        and(
          eq(authCodes.codeHash, sha256(token)),
          eq(authCodes.method, METHOD),
          eq(authCodes.zoneId, request.orgId),
          isNull(authCodes.usedAt),
          gt(authCodes.expiresAt, now),
        ),
      )
      .returning({ userId: authCodes.userId });
    if (!code) throw unauthorized('Mobile login code invalid, expired or already used');
    const tokens = await startSession(tx, code.userId, opts);
    await writeAudit(
      tx,
      { requestId: request.requestId, caller: { id: code.userId, org: { id: request.orgId } } },
      { entity: 'user', entityId: code.userId, action: 'signIn', after: { method: METHOD } },
    );
    return tokens;
  });
}
