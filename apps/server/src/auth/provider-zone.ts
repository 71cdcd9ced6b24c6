import { eq, inArray } from 'drizzle-orm';
import { uuidSchema, type Provisioning } from '@vigil/domain';
import type { Db } from '../platform/db/client';
import { zones } from '../db/schema';
import type { Caller, ZoneRow } from '../platform/caller';
import { HttpError, badRequest, notFound } from '../platform/errors';
import { isZoneInScope, type Scope } from '../platform/scope';
import { assertAssignable } from '../roles';

// Issue 17: single sign-on is configured on an organisation, or on a site that has a slug of its
// own (it then has a login page of its own, /login?authSlug=…; login.ts findSignInZone).
// Any other zone has no login page, so a provider there could never be used.

/** The levels a sign-in provider may be configured on (with a slug). */
const SIGN_IN_LEVELS = ['org', 'site'];

/**
 * The zone of /api/zones/{id}/sign-in/…: inside the caller's scope (else 404, as another
 * organisation's zone is), and an organisation or a site with its own slug (else 400).
 */
export async function providerZone(db: Db, scope: Scope, id: string): Promise<ZoneRow & { slug: string }> {
  const [zone] = uuidSchema.safeParse(id).success
    ? await db.select().from(zones).where(eq(zones.id, id)).limit(1)
    : [];
  if (!zone || !isZoneInScope(scope, zone)) throw notFound('Zone not found');
  if (!SIGN_IN_LEVELS.includes(zone.level) || !zone.slug) {
    throw new HttpError(
      400,
      'Sign-in is configured on an organisation or on a site with its own slug',
      'not_a_sign_in_zone',
    );
  }
  return zone as ZoneRow & { slug: string };
}

/**
 * Users created on first sign-in get a role the admin could have given them by hand (else a
 * provider would mint roles above the admin's own), placed in zones of the sign-in zone.
 */
export async function checkProvisioning(
  db: Db,
  caller: Caller,
  zone: ZoneRow,
  provisioning: Provisioning,
): Promise<Provisioning> {
  if (provisioning.mode !== 'create') return provisioning;
  await assertAssignable(db, caller, provisioning.role);
  const location = [...new Set(provisioning.location)];
  if (location.some((id) => !uuidSchema.safeParse(id).success)) {
    throw badRequest('Unknown zone in location', 'provisioning.location');
  }
  const found = location.length
    ? await db.select({ id: zones.id, path: zones.path }).from(zones).where(inArray(zones.id, location))
    : [];
  if (found.length !== location.length || found.some((z) => !z.path.includes(zone.id))) {
    throw badRequest(`The location must be zones of ${zone.name}`, 'provisioning.location');
  }
  return { ...provisioning, location };
}
