import { and, eq, gte, inArray, sql } from 'drizzle-orm';
import { LOGIN_MESSAGES } from '@vigil/domain';
import type { Db } from '../platform/db/client';
import { credentials, loginFailures, users, zones } from '../db/schema';
import { HttpError } from '../platform/errors';
import { burnPasswordTime, verifyPassword } from '../platform/crypto';
import type { ZoneRow } from '../platform/caller';

/** SPEC §8 429: this many failures per (account, client address) in the window locks that pair only. */
export const LOGIN_FAILURE_LIMIT = 10;
export const LOGIN_FAILURE_WINDOW_MS = 15 * 60_000;

/** The zone a sign-in slug names: an organisation, or a site with its own slug. */
export async function findSignInZone(db: Db, slug: string): Promise<ZoneRow | undefined> {
  // Read here, not through the slug cache: a sign-in is rare, and a method just turned off must stop it.
  const [zone] = await db
    .select()
    .from(zones)
    .where(and(eq(zones.slug, slug), inArray(zones.level, ['org', 'site'])))
    .limit(1);
  return zone;
}

/** Methods a zone offers (SPEC §2.3), in its order; password then key unless configured. */
export function signInMethods(org: ZoneRow): string[] {
  const methods = (org.auth as { methods?: string[] }).methods;
  return methods?.length ? methods : ['password', 'key'];
}

/**
 * Checks a password login at an organisation (or a site with its own slug): its users, and staff
 * above it, may sign in. Failures are counted per (account, client), so a stranger elsewhere cannot
 * lock a responder out. Answers the user id on success.
 */
export async function checkPasswordLogin(
  db: Db,
  zone: ZoneRow,
  input: { username: string; password: string; client: string },
): Promise<string> {
  const account = input.username.trim().toLowerCase();
  const since = new Date(Date.now() - LOGIN_FAILURE_WINDOW_MS);
  const [{ failures }] = (await db
    .select({ failures: sql<number>`count(*)::int` })
    .from(loginFailures)
    .where(
      and(
        eq(loginFailures.account, account),
        eq(loginFailures.client, input.client),
        gte(loginFailures.at, since),
      ),
    )) as [{ failures: number }];
  if (failures >= LOGIN_FAILURE_LIMIT) throw new HttpError(429, LOGIN_MESSAGES.tooMany, 'too_many_attempts');

  const [row] = await db
    .select({ id: users.id, hash: credentials.passwordHash, path: zones.path })
    .from(users)
    .innerJoin(credentials, eq(credentials.userId, users.id))
    .innerJoin(zones, eq(zones.id, users.zoneId))
    .where(eq(sql`lower(${users.email})`, account))
    .limit(1);
  // A user belongs to the zone when its zone lies inside it or above it (internal staff).
  const belongs = row && (row.path.includes(zone.id) || zone.path.includes(row.path[row.path.length - 1]!));
  const ok =
    row && belongs
      ? await verifyPassword(input.password, row.hash)
      : (await burnPasswordTime(input.password), false);
  if (!ok || !row) {
    await db.insert(loginFailures).values({ account, client: input.client });
    throw new HttpError(401, LOGIN_MESSAGES.invalid, 'invalid_login');
  }
  await db
    .delete(loginFailures)
    .where(and(eq(loginFailures.account, account), eq(loginFailures.client, input.client)));
  return row.id;
}
