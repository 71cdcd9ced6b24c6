import { and, eq, inArray, isNull } from 'drizzle-orm';
import { abilityFor, resolveFeatureFlags, type AppAbility } from '@vigil/domain';
import type { Db } from '../db/client';
import { apiKeys, roles, sessions, users, zones } from '../db/schema';
import { forbidden, unauthorized } from '../errors';
import { sha256, verifyToken } from './crypto';
import { scopeRoots, type Scope } from './scope';

export type ZoneRow = typeof zones.$inferSelect;

/** Who is calling, as every authenticated route sees it. */
export type Caller = {
  kind: 'user' | 'key';
  /** The user's uuid, or `key:<id>` for an API key. */
  id: string;
  userId?: string;
  keyId?: string;
  sessionId?: string;
  name: string;
  email?: string;
  /** The role requests are authorised as (the session override when one is set). */
  role: string;
  baseRole: string;
  ability: AppAbility;
  /** The caller's own zone, and the organisation selected by the `slug` header. */
  zone: ZoneRow;
  org: ZoneRow;
  peers: string[];
  location: string[];
  userState: Record<string, unknown>;
  scope: Scope;
  flags: Record<string, boolean>;
};

export type AccessTokenPayload = { typ: 'access'; sid: string; exp: number };

type Identity = {
  kind: 'user' | 'key';
  id: string;
  userId?: string;
  keyId?: string;
  sessionId?: string;
  name: string;
  email?: string;
  baseRole: string;
  role: string;
  zoneId: string;
  peers: string[];
  location: string[];
  userState: Record<string, unknown>;
};

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
      .select({ session: sessions, user: users })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
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
      zoneId: row.user.zoneId,
      peers: [],
      location: row.user.location,
      userState: row.user.state,
    };
  }
  if (scheme?.toLowerCase() === 'basic') {
    const decoded = Buffer.from(value, 'base64').toString('utf8');
    const key = decoded.includes(':') ? decoded.slice(0, decoded.indexOf(':')) : decoded;
    if (!key) throw unauthorized('Missing API key');
    const [row] = await db
      .select()
      .from(apiKeys)
      .where(and(eq(apiKeys.keyHash, sha256(key)), eq(apiKeys.kind, 'console')))
      .limit(1);
    if (!row) throw unauthorized('Invalid API key');
    return {
      kind: 'key',
      id: `key:${row.id}`,
      keyId: row.id,
      name: row.name,
      baseRole: row.role,
      role: row.role,
      zoneId: row.zoneId,
      peers: [],
      location: [],
      userState: {},
    };
  }
  throw unauthorized('Unsupported credentials');
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
  const zoneRows = await db.select().from(zones).where(eq(zones.id, who.zoneId));
  const zone = zoneRows[0];
  if (!zone) throw unauthorized('Account has no zone');
  const peerRows = zone.peers.length ? await db.select().from(zones).where(inArray(zones.id, zone.peers)) : [];
  const roots = scopeRoots(opts.org, [zone, ...peerRows]);
  if (roots.length === 0) throw forbidden('Not allowed in this organisation');

  const [role] = await db.select().from(roles).where(eq(roles.id, who.role)).limit(1);
  const ability = abilityFor((role?.abilities ?? []) as never);

  // Flags come from the caller's own zone when it lies in the organisation, else the organisation.
  const flagZone = zone.path.includes(opts.org.id) ? zone : opts.org;
  const chain = await db
    .select({ id: zones.id, config: zones.config })
    .from(zones)
    .where(inArray(zones.id, flagZone.path));
  const byId = new Map(chain.map((z) => [z.id, z.config]));
  const flags = resolveFeatureFlags(
    flagZone.path.map((id) => (byId.get(id)?.featureFlags ?? undefined) as Record<string, boolean> | undefined),
  );

  return {
    ...who,
    peers: zone.peers,
    zone,
    org: opts.org,
    ability,
    scope: { orgId: opts.org.id, roots },
    flags,
  };
}

export async function findOrgBySlug(db: Db, slug: string): Promise<ZoneRow | undefined> {
  const [org] = await db
    .select()
    .from(zones)
    .where(and(eq(zones.slug, slug), eq(zones.level, 'org')))
    .limit(1);
  return org;
}

