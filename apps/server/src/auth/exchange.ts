import { and, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import type { TokenData } from '@vigil/domain';
import type { Db } from '../platform/db/client';
import type { ZoneRow } from '../platform/caller';
import { authCodes, zones } from '../db/schema';
import { unauthorized } from '../platform/errors';
import { sha256 } from '../platform/crypto';
import { startSession } from './sessions';
import type { SsoMethod } from './sso-finish';

// POST /api/auth/exchange (issue 17): a single sign-on ends by sending the browser to
// /login?authCode=…; the console trades the code for the session's tokens, the same token data a
// password sign-in answers. The code travels in a URL, so it is worth little: one use, a minute.

/** Only the codes a single sign-on made: a mobile login code (mobile-token.ts) is not one. */
const SSO_METHODS: SsoMethod[] = ['saml', 'google'];

/**
 * The code once (a second use, even a concurrent one, loses the conditional update), before it
 * expires, at the organisation it was made for (the request's `slug`): a new session for its user.
 */
export async function exchangeAuthCode(
  db: Db,
  code: string,
  org: ZoneRow,
  opts: Parameters<typeof startSession>[2],
): Promise<TokenData> {
  const now = new Date();
  return db.transaction(async (txn) => {
    const tx = txn as unknown as Db;
    const [used] = await tx
      .update(authCodes)
      .set({ usedAt: now })
      .where(
        and(
          eq(authCodes.codeHash, sha256(code)),
          inArray(authCodes.method, SSO_METHODS),
          isNull(authCodes.usedAt),
          gt(authCodes.expiresAt, now),
          // The sign-in's zone is the organisation or a site of it.
          sql`${authCodes.zoneId} in (select ${zones.id} from ${zones} where ${org.id}::uuid = any(${zones.path}))`,
        ),
      )
      .returning({ userId: authCodes.userId });
    if (!used) throw unauthorized('Sign-in code invalid, expired or already used');
    return startSession(tx, used.userId, opts);
  });
}
