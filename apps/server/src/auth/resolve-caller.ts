import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { abilityFor, resolveFeatureFlags, type AppAbility } from '@vigil/domain';
import type { Db } from '../platform/db/client';
import { apiKeys, roles, sessions, users, zones } from '../db/schema';
import type { Caller, ZoneRow } from '../platform/caller';
import { forbidden, unauthorized } from '../platform/errors';
import { sha256, verifyToken } from '../platform/crypto';
import { scopeRoots } from '../platform/scope';
import { TtlCache } from '../platform/ttl-cache';

export type AccessTokenPayload = { typ: 'access'; sid: string; exp: number };

/** Who the credentials name, before their role, scope and flags are resolved. */
type Identity = Pick<
  Caller,
  | 'kind'
  | 'id'
  | 'userId'
  | 'keyId'
  | 'sessionId'
  | 'name'
  | 'email'
  | 'baseRole'
  | 'role'
  | 'zone'
  | 'location'
  | 'userState'
>;

/** Reads the credentials of an `Authorization` header: a bearer access token or a Basic API key. */
async function identify(db: Db, header: string | undefined, secret: string): Promise<Identity> {
  if (!header) throw unauthorized('Missing credentials');
  const [scheme, value = ''] = header.split(' ', 2);
  if (scheme?.toLowerCase() === 'bearer') {
    const payload = verifyToken<AccessTokenPayload>(value, secret);
    if (!payload || payload.typ !== 'access' || payload.exp * 1000 < Date.now()) {
      throw unauthorized('Access token invalid or expired');
    }
    const [row] = await db
      .select({ session: sessions, user: users, zone: zones })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .innerJoin(zones, eq(zones.id, users.zoneId))
      .where(and(eq(sessions.id, payload.sid), isNull(sessions.revokedAt)))
      .limit(1);
    if (!row) throw unauthorized('Session ended');
    return {
      kind: 'user',
      id: row.user.id,
      userId: row.user.id,
      sessionId: row.session.id,
      name: row.user.name,
      email: row.user.email,
      baseRole: row.user.role,
      role: row.session.roleOverride ?? row.user.role,
      zone: row.zone,
      location: row.user.location,
      userState: row.user.state,
    };
  }
  if (scheme?.toLowerCase() === 'basic') {
    const decoded = Buffer.from(value, 'base64').toString('utf8');
    const key = decoded.includes(':') ? decoded.slice(0, decoded.indexOf(':')) : decoded;
    if (!key) throw unauthorized('Missing API key');
    const [row] = await db
      .select({ key: apiKeys, zone: zones })
      .from(apiKeys)
      .innerJoin(zones, eq(zones.id, apiKeys.zoneId))
      .where(and(eq(apiKeys.keyHash, sha256(key)), eq(apiKeys.kind, 'console')))
      .limit(1);
    if (!row) throw unauthorized('Invalid API key');
    await touchKey(db, row.key);
    return {
      kind: 'key',
      id: `key:${row.key.id}`,
      keyId: row.key.id,
      name: row.key.name,
      baseRole: row.key.role,
      role: row.key.role,
      zone: row.zone,
      location: [],
      userState: {},
    };
  }
  throw unauthorized('Unsupported credentials');
}

/** A key's last use, written at most once a minute: the conditional update keeps concurrent requests to one write. */
export const KEY_LAST_USED_RESOLUTION_MS = 60_000;
async function touchKey(db: Db, key: { id: string; lastUsedAt: Date | null }): Promise<void> {
  if (key.lastUsedAt && Date.now() - key.lastUsedAt.getTime() < KEY_LAST_USED_RESOLUTION_MS) return;
  await db
    .update(apiKeys)
    .set({ lastUsedAt: sql`now()` })
    .where(
      and(
        eq(apiKeys.id, key.id),
        sql`(${apiKeys.lastUsedAt} is null or ${apiKeys.lastUsedAt} < now() - interval '1 minute')`,
      ),
    );
}

/**
 * Authenticates a request for the organisation named by its `slug` header and builds the caller:
 * ability from the role's stored rules, zone scope, and feature flags inherited along the zone path.
 */
export async function resolveCaller(
  db: Db,
  opts: { authorization?: string; org: ZoneRow; secret: string },
): Promise<Caller> {
  const who = await identify(db, opts.authorization, opts.secret);
  const { zone, org } = { zone: who.zone, org: opts.org };
  // One read for the peers and for the zones whose feature flags the caller inherits.
  const flagZone = zone.path.includes(org.id) ? zone : org;
  const wanted = [...new Set([...zone.peers, ...flagZone.path])];
  const related = wanted.length ? await db.select().from(zones).where(inArray(zones.id, wanted)) : [];
  const byId = new Map(related.map((z) => [z.id, z]));
  const peerRows = zone.peers.map((id) => byId.get(id)).filter((z): z is ZoneRow => !!z);
  const roots = scopeRoots(org, [zone, ...peerRows]);
  if (roots.length === 0) throw forbidden('Not allowed in this organisation');

  const flags = resolveFeatureFlags(
    flagZone.path.map(
      (id) => (byId.get(id)?.config.featureFlags ?? undefined) as Record<string, boolean> | undefined,
    ),
  );
  return {
    ...who,
    peers: zone.peers,
    org,
    ability: await abilityOfRole(db, who.role),
    scope: { orgId: org.id, roots },
    flags,
  };
}

/** Abilities change rarely and every request needs them: cached a few seconds per role. */
export const roleAbilityCache = new TtlCache<AppAbility>(5_000);
function abilityOfRole(db: Db, roleId: string): Promise<AppAbility> {
  return roleAbilityCache.get(roleId, async () => {
    const [role] = await db.select().from(roles).where(eq(roles.id, roleId)).limit(1);
    return abilityFor((role?.abilities ?? []) as never);
  });
}
