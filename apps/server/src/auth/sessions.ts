import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { TokenData } from '@vigil/domain';
import type { Db } from '../platform/db/client';
import { refreshTokens, sessions } from '../db/schema';
import { unauthorized } from '../platform/errors';
import { randomSecret, sha256, signToken } from '../platform/crypto';
import type { AccessTokenPayload } from './resolve-caller';

/** A replaced refresh token stays valid this long, so two tabs refreshing at once both succeed. */
export const REFRESH_GRACE_MS = 30_000;

type TokenOptions = { secret: string; accessTtlS: number; refreshTtlS: number };

async function issueTokens(db: Db, sessionId: string, opts: TokenOptions): Promise<TokenData> {
  const now = Date.now();
  const accessExp = Math.floor(now / 1000) + opts.accessTtlS;
  const access: AccessTokenPayload = { typ: 'access', sid: sessionId, exp: accessExp };
  const refresh = randomSecret(32);
  const refreshExpiresAt = new Date(now + opts.refreshTtlS * 1000);
  await db
    .insert(refreshTokens)
    .values({ sessionId, tokenHash: sha256(refresh), expiresAt: refreshExpiresAt });
  return {
    access: { token: signToken(access, opts.secret), expiresAt: new Date(accessExp * 1000).toISOString() },
    refresh: { token: refresh, expiresAt: refreshExpiresAt.toISOString() },
  };
}

export async function startSession(db: Db, userId: string, opts: TokenOptions): Promise<TokenData> {
  const [session] = await db.insert(sessions).values({ userId }).returning();
  return issueTokens(db, session!.id, opts);
}

/**
 * Rotates a refresh token: the presented token is marked replaced and a new pair issued. A token
 * replaced more than REFRESH_GRACE_MS ago is a replay: the whole session is revoked.
 */
export async function refreshSession(db: Db, token: string, opts: TokenOptions): Promise<TokenData> {
  const [row] = await db
    .select({ token: refreshTokens, session: sessions })
    .from(refreshTokens)
    .innerJoin(sessions, eq(sessions.id, refreshTokens.sessionId))
    .where(and(eq(refreshTokens.tokenHash, sha256(token)), gt(refreshTokens.expiresAt, new Date())))
    .limit(1);
  if (!row || row.session.revokedAt) throw unauthorized('Refresh token invalid or expired');
  if (row.token.replacedAt && Date.now() - row.token.replacedAt.getTime() > REFRESH_GRACE_MS) {
    await revokeSession(db, row.session.id);
    throw unauthorized('Refresh token already used');
  }
  await db
    .update(refreshTokens)
    .set({ replacedAt: sql`coalesce(${refreshTokens.replacedAt}, now())` })
    .where(eq(refreshTokens.id, row.token.id));
  return issueTokens(db, row.session.id, opts);
}

export async function revokeSession(db: Db, sessionId: string): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
}
