import type { Db } from '../platform/db/client';
import type { Actor } from '../platform/caller';
import { eq } from 'drizzle-orm';
import { isTimeZone, mayOverrideRole, type Me } from '@vigil/domain';
import { roles, sessions } from '../db/schema';
import { badRequest, forbidden } from '../platform/errors';
import { writeAudit } from '../platform/audit';
import type { Caller } from '../platform/caller';
import { resolveCaller } from '../auth';

/**
 * GET /api/users/me: who the caller is, as the console shows it. `role` overrides the session's
 * role (SPEC §2.2, for the roles ROLE_CAN_OVERRIDE names), audited, and answers as the new role.
 */
export async function getMe(
  db: Db,
  actor: Actor,
  opts: { role?: string; authorization?: string; domain?: string; secret: string },
): Promise<Me> {
  let caller = actor.caller;
  const wanted = opts.role;
  if (wanted !== undefined && wanted !== caller.role) {
    if (caller.kind !== 'user' || !caller.sessionId || !mayOverrideRole(caller.baseRole)) {
      throw forbidden('Your role may not be overridden');
    }
    const [role] = await db.select().from(roles).where(eq(roles.id, wanted)).limit(1);
    if (!role) throw badRequest(`Unknown role ${wanted}`, 'role');
    const override = wanted === caller.baseRole ? null : wanted;
    const sessionId = caller.sessionId;
    const before = caller.role;
    await db.transaction(async (tx) => {
      await tx.update(sessions).set({ roleOverride: override }).where(eq(sessions.id, sessionId));
      await writeAudit(tx, actor, {
        entity: 'session',
        entityId: sessionId,
        action: 'update',
        before: { role: before },
        after: { role: wanted },
      });
    });
    caller = await resolveCaller(db, {
      authorization: opts.authorization,
      org: caller.org,
      secret: opts.secret,
    });
  }
  return toMe(caller, opts.domain);
}

function toMe(caller: Caller, domain: string | undefined): Me {
  const zone = caller.zone.path.includes(caller.org.id) ? caller.zone : caller.org;
  return {
    id: caller.id,
    userId: caller.email,
    name: caller.name,
    role: caller.role,
    kind: caller.kind,
    zone: {
      id: zone.id,
      name: zone.name,
      level: zone.level,
      slug: caller.org.slug,
      domain: domain ?? null,
      config: { featureFlags: caller.flags },
      peers: caller.peers,
    },
    org: {
      id: caller.org.id,
      name: caller.org.name,
      slug: caller.org.slug,
      timeZone: configuredTimeZone(caller.org.config),
    },
    location: caller.location,
    state: { closedNotes: (caller.userState.closedNotes ?? {}) as Record<string, boolean> },
    canOverrideRole: caller.kind === 'user' && mayOverrideRole(caller.baseRole),
  };
}

/**
 * Issue 18: the organisation's time zone as its zone config names it (the console counts report
 * and analytics days in it), or null when unset or not a zone this runtime knows: the server then
 * counts in UTC, like the analytics area's timeZoneOf.
 */
function configuredTimeZone(config: Record<string, unknown>): string | null {
  const name = config.timeZone;
  return typeof name === 'string' && name !== '' && isTimeZone(name) ? name : null;
}
