import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { apiKeys, credentials, gateways, tagPositions, tags, users, zones } from '../../src/db/schema';
import { DEMO_PASSWORD, ROOT_ZONE_ID } from '../../src/db/seed';
import { hashPassword, sha256 } from '../../src/platform/crypto';
import { freshMac } from '../helpers/alerts';
import { signIn, unique } from '../helpers/app';

// Issue 20 "Responders": an organisation of its own per test file (the tests share one database, and
// the demo organisation's responders are other tests' business), with the responderTools flag on:
//
//   Site › Tower › Floor 1 › Unit 1 › Area 1a, Area 1b
//                          › Unit 2 › Area 2a
//                › Floor 2 › Unit 3 › Area 3a
//
// and a placed gateway in each area (gw:<area>).

type Tree = { name: string; level: string; children?: Tree[] };
const TREE: Tree = {
  name: 'Site',
  level: 'site',
  children: [
    {
      name: 'Tower',
      level: 'building',
      children: [
        {
          name: 'Floor 1',
          level: 'floor',
          children: [
            { name: 'Unit 1', level: 'unit', children: [area('Area 1a'), area('Area 1b')] },
            { name: 'Unit 2', level: 'unit', children: [area('Area 2a')] },
          ],
        },
        {
          name: 'Floor 2',
          level: 'floor',
          children: [{ name: 'Unit 3', level: 'unit', children: [area('Area 3a')] }],
        },
      ],
    },
  ],
};
function area(name: string): Tree {
  return { name, level: 'area' };
}
export const AREAS = ['Area 1a', 'Area 1b', 'Area 2a', 'Area 3a'] as const;
export type AreaName = (typeof AREAS)[number];

/** Where each area's gateway is placed. */
export const GATEWAY_AT: Record<AreaName, { lat: number; lng: number }> = {
  'Area 1a': { lat: 40.1, lng: -73.1 },
  'Area 1b': { lat: 40.2, lng: -73.2 },
  'Area 2a': { lat: 40.3, lng: -73.3 },
  'Area 3a': { lat: 40.4, lng: -73.4 },
};

export type ResponderSite = Awaited<ReturnType<typeof responderSite>>;

/** The organisation, its zones by name, its gateways by area, a gateway key and its users' sign-in. */
export async function responderSite(
  app: FastifyInstance,
  flags: Record<string, boolean> = { responderTools: true },
) {
  const slug = unique('resp-').toLowerCase();
  const orgId = crypto.randomUUID();
  await app.db.insert(zones).values({
    id: orgId,
    name: `Responder Clinic ${slug}`,
    level: 'org',
    parentId: ROOT_ZONE_ID,
    path: [ROOT_ZONE_ID, orgId],
    slug,
    auth: { methods: ['password'] },
    config: { featureFlags: flags },
  });
  const zoneIds = new Map<string, string>([['org', orgId]]);
  const insert = async (node: Tree, parentPath: string[]) => {
    const id = crypto.randomUUID();
    await app.db.insert(zones).values({
      id,
      name: node.name,
      level: node.level,
      parentId: parentPath.at(-1)!,
      path: [...parentPath, id],
      config: node.level === 'floor' ? { category: 'indoor' } : {},
    });
    zoneIds.set(node.name, id);
    for (const child of node.children ?? []) await insert(child, [...parentPath, id]);
  };
  await insert(TREE, [ROOT_ZONE_ID, orgId]);
  const zone = (name: string) => zoneIds.get(name)!;

  const gatewayOf = {} as Record<AreaName, string>;
  for (const name of AREAS) {
    gatewayOf[name] = `b2${crypto.randomBytes(5).toString('hex')}`;
    await app.db.insert(gateways).values({
      id: gatewayOf[name],
      orgId,
      zoneId: zone(name),
      config: {
        state: 'deployed',
        location: zone(name),
        coordinates: GATEWAY_AT[name],
        logistics: { sku: 'GW2' },
      },
    });
  }
  const key = `vg_test_${crypto.randomBytes(12).toString('hex')}`;
  await app.db.insert(apiKeys).values({
    name: unique('Responder gateways '),
    kind: 'gateway',
    zoneId: orgId,
    role: 'default',
    keyHash: sha256(key),
    prefix: key.slice(0, 10),
  });

  /** A user of the organisation with `role` in `zoneName` (the organisation unless told), signed in. */
  async function headersOf(role: string, zoneName = 'org'): Promise<Record<string, string>> {
    const email = `${unique('resp')}@responders.example`;
    const [user] = await app.db
      .insert(users)
      .values({ email, name: unique('User '), role, zoneId: zone(zoneName) })
      .returning();
    await app.db
      .insert(credentials)
      .values({ userId: user!.id, passwordHash: await hashPassword(DEMO_PASSWORD) });
    return (await signIn(app, email, slug)).headers;
  }

  /** A deployed tag of the organisation located in `zoneName`, owned by `owner`, in `mode`. */
  async function tag(owner: string, zoneName: string, mode: 'responder' | 'standard' = 'responder') {
    const id = freshMac();
    await app.db.insert(tags).values({
      id,
      orgId,
      zoneId: zone(zoneName),
      config: {
        state: 'deployed',
        location: zone(zoneName),
        label: `Badge ${id.slice(-4)}`,
        owner: { name: owner, personId: `P-${id.slice(-4)}` },
        mode,
      },
      state: { firmware: { boot: 12, app: 51 } },
    });
    return id;
  }

  /** The tag's latest position: heard best by the gateway of `areaName`, `agoMs` ago. */
  async function place(tagId: string, areaName: AreaName, agoMs = 1000) {
    const at = new Date(Date.now() - agoMs);
    const row = {
      orgId,
      gatewayId: gatewayOf[areaName],
      zoneId: zone(areaName),
      rssi: -60,
      seenAt: at,
      movedAt: at,
    };
    await app.db
      .insert(tagPositions)
      .values({ tagId, ...row })
      .onConflictDoUpdate({ target: tagPositions.tagId, set: row });
  }

  async function setFlags(featureFlags: Record<string, boolean>) {
    await app.db.update(zones).set({ config: { featureFlags } }).where(eq(zones.id, orgId));
  }

  return { slug, orgId, zone, gatewayOf, key, headersOf, tag, place, setFlags };
}

/** Runs `check` with the responderTools flag on for the Acme organisation, signed in as its admin. */
export async function asAcmeWithResponders(
  app: FastifyInstance,
  check: (headers: Record<string, string>) => Promise<void>,
): Promise<void> {
  const [acme] = await app.db.select().from(zones).where(eq(zones.slug, 'acme'));
  const featureFlags = { ...(acme!.config.featureFlags as object | undefined), responderTools: true };
  await app.db
    .update(zones)
    .set({ config: { ...acme!.config, featureFlags } })
    .where(eq(zones.id, acme!.id));
  try {
    await check((await signIn(app, 'admin@acme.example', 'acme')).headers);
  } finally {
    await app.db.update(zones).set({ config: acme!.config }).where(eq(zones.id, acme!.id));
  }
}
