import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import { ROLE_ABILITIES, type HeartbeatBody } from '@vigil/domain';
import type { Db } from '../platform/db/client';
import {
  apiKeys,
  credentials,
  gatewayHeartbeats,
  gateways,
  people as peopleTable,
  roles,
  tags,
  users,
  zones,
} from './schema';
import { hashPassword, sha256 } from '../platform/crypto';
import { seedWhereaboutsDemo } from './seed-whereabouts';
import { seedDistributionDemo } from './seed-distribution';
import { seedReportDemo } from './seed-history';
import { seedLogistics } from './seed-logistics';

/** Seed constants: the same on every fresh start, so the README can name them. */
export const DEMO_PASSWORD = 'vigil-demo';
export const DEMO_API_KEY = 'vk_demo_4f1c9a2e7b3d5e8f0a6c1b9d2e4f7a3c';
export const DEMO_GATEWAY_KEY = 'vg_demo_8e2b6d4f1a3c5e7b9d0f2a4c6e8b1d3f';
export const ROOT_ZONE_ID = '00000000-0000-4000-8000-000000000000';
/** The demo organisation's deployed tags (one per person, located) and gateways. */
export const DEMO_TAG_IDS = Array.from({ length: 8 }, (_, i) => `c0ffee${String(i + 1).padStart(6, '0')}`);
export const DEMO_GATEWAY_IDS = Array.from(
  { length: 4 },
  (_, i) => `b0a710${String(i + 1).padStart(6, '0')}`,
);

export const DEMO_USERS = [
  { email: 'admin@demo.example', name: 'Dana Admin', role: 'admin' },
  { email: 'security@demo.example', name: 'Sam Security', role: 'security' },
  { email: 'noaccess@demo.example', name: 'Nora NoAccess', role: 'noAccess' },
  { email: 'distribution@demo.example', name: 'Dominic Distribution', role: 'distribution' },
  { email: 'warehouse@demo.example', name: 'Wendy Warehouse', role: 'warehouse' },
  { email: 'factory@demo.example', name: 'Felix Factory', role: 'factory' },
] as const;
export const ACME_ADMIN = { email: 'admin@acme.example', name: 'Avery Acme', role: 'admin' } as const;
export const SUPERADMIN = {
  email: 'superadmin@vigil.example',
  name: 'Sasha Superadmin',
  role: 'superAdmin',
} as const;

/** What every database needs: the root zone and the roles of SPEC §6 with their abilities. */
export async function seedBase(db: Db): Promise<void> {
  await db
    .insert(zones)
    .values({ id: ROOT_ZONE_ID, name: 'Vigil', level: 'root', path: [ROOT_ZONE_ID] })
    .onConflictDoNothing();
  for (const [id, abilities] of Object.entries(ROLE_ABILITIES)) {
    await db
      .insert(roles)
      .values({ id, abilities: abilities as unknown[] })
      .onConflictDoUpdate({
        target: roles.id,
        set: { abilities: abilities as unknown[], updatedAt: new Date() },
      });
  }
}

type ZoneSpec = {
  name: string;
  level: string;
  slug?: string;
  config?: Record<string, unknown>;
  auth?: Record<string, unknown>;
  children?: ZoneSpec[];
};

async function insertTree(
  db: Db,
  spec: ZoneSpec,
  parentPath: string[],
  out: Map<string, string>,
): Promise<string> {
  const id = crypto.randomUUID();
  await db.insert(zones).values({
    id,
    name: spec.name,
    level: spec.level,
    parentId: parentPath[parentPath.length - 1] ?? null,
    path: [...parentPath, id],
    slug: spec.slug ?? null,
    config: spec.config ?? {},
    auth: spec.auth ?? {},
  });
  out.set(spec.name, id);
  for (const child of spec.children ?? []) await insertTree(db, child, [...parentPath, id], out);
  return id;
}

const area = (name: string): ZoneSpec => ({ name, level: 'area', config: { state: 'active' } });
const unit = (name: string, areas: string[]): ZoneSpec => ({
  name,
  level: 'unit',
  config: { state: 'active' },
  children: areas.map(area),
});

const DEMO_TREE: ZoneSpec = {
  name: 'Demo Hospital',
  level: 'org',
  slug: 'demo',
  auth: { methods: ['password', 'key'] },
  config: {
    featureFlags: { reasonDetails: true, danger: true, export: true, tagManagement: true },
    // Its analytics' local days (issue 18).
    timeZone: 'America/Chicago',
    // The public device page's return contact.
    returnContact: { name: 'Demo Hospital Security', email: 'security@demo.example', phone: '+1 555 0100' },
  },
  children: [
    {
      name: 'Main Campus',
      level: 'site',
      children: [
        {
          name: 'North Tower',
          level: 'building',
          children: [
            {
              name: 'Floor 1',
              level: 'floor',
              config: { number: 1, category: 'indoor' },
              children: [
                unit('Emergency Department', ['ED Room 101', 'ED Room 102', 'ED Nurses Station']),
                unit('Lobby', ['Main Entrance', 'Gift Shop']),
              ],
            },
            {
              name: 'Floor 2',
              level: 'floor',
              config: { number: 2, category: 'indoor' },
              children: [
                unit('Ward 3', ['Room 201', 'Room 202', 'Ward 3 Nurses Station']),
                unit('Behavioral Health', ['Room 210', 'Day Room']),
              ],
            },
          ],
        },
      ],
    },
  ],
};

const ACME_TREE: ZoneSpec = {
  name: 'Acme Clinic',
  level: 'org',
  slug: 'acme',
  auth: { methods: ['password', 'key'] },
  children: [
    {
      name: 'Acme Site',
      level: 'site',
      children: [
        {
          name: 'Clinic Building',
          level: 'building',
          children: [
            {
              name: 'Ground Floor',
              level: 'floor',
              config: { number: 0 },
              children: [unit('Reception', ['Front Desk'])],
            },
          ],
        },
      ],
    },
  ],
};

/** How many hourly heartbeats each demo gateway has sent by the time the demo is seeded. */
export const DEMO_HEARTBEATS_PER_GATEWAY = 6;
const HOUR_MS = 3_600_000;

type DemoHeartbeat = { body: HeartbeatBody; at: Date };
type DemoGatewayProfile = {
  app: string;
  /** The k-th newest heartbeat's diagnostics; none for firmware that does not report them. */
  readings?: (k: number) => NonNullable<HeartbeatBody['diagnostics']>;
  neighbors: Record<string, number>;
};

/**
 * The demo gateways' recent heartbeats, one list per gateway of DEMO_GATEWAY_IDS (newest first),
 * shaped as the ingest API's HeartbeatBody so the gateway list's status and last update and the
 * detail's 24-hour diagnostics read them as real ones: hourly, the newest a few minutes before
 * `now`, so every one is connected (SPEC §9: silent for over 2 days is disconnected). b0a710000002
 * runs firmware that reports no diagnostics, so the demo shows that empty state too
 * (e2e/tests/gateways.spec.ts relies on it); b0a710000004's floor check fails.
 */
function demoHeartbeats(now: Date): DemoHeartbeat[][] {
  const [ed, entrance, room, dayRoom] = DEMO_GATEWAY_IDS as [string, string, string, string];
  const profiles: DemoGatewayProfile[] = [
    {
      app: '5.2.1',
      readings: (k) => ({ button: 100, coverage: 97 - (k % 3), floor: 74 }),
      neighbors: { [entrance]: 18, [room]: 6 },
    },
    { app: '4.9.0', neighbors: { [ed]: 18 } },
    {
      app: '5.2.1',
      readings: (k) => ({ button: k === 3 ? 80 : 100, coverage: 93, floor: 68 }),
      neighbors: { [ed]: 6, [dayRoom]: 22 },
    },
    {
      app: '5.1.4',
      readings: (k) => ({ button: 100, coverage: 91 + (k % 2), floor: 47 + (k % 3) }),
      neighbors: { [room]: 22 },
    },
  ];
  return profiles.map((p, i) =>
    Array.from({ length: DEMO_HEARTBEATS_PER_GATEWAY }, (_, k) => {
      const diagnostics = p.readings?.(k);
      const body: HeartbeatBody = {
        gateway: DEMO_GATEWAY_IDS[i]!,
        status: 'connected',
        version: { app: p.app, boot: '2.1', isSafeMode: false },
        hardware: { revision: 'v3' },
        adminMode: false,
        ...(diagnostics ? { diagnostics } : {}),
        neighbors: p.neighbors,
      };
      return { body, at: new Date(now.getTime() - (i + 1) * 60_000 - k * HOUR_MS) };
    }),
  );
}

/** A gateway's SPEC §3 state after its latest heartbeat, as the ingest API leaves it. */
function stateAfter({ body, at }: DemoHeartbeat): Record<string, unknown> {
  const { gateway: _gateway, ...reported } = body;
  return { ...reported, updatedAt: at.toISOString() };
}

async function addUser(
  db: Db,
  zoneId: string,
  u: { email: string; name: string; role: string },
  password: string,
) {
  const [row] = await db
    .insert(users)
    .values({ email: u.email, name: u.name, role: u.role, zoneId })
    .returning();
  await db.insert(credentials).values({ userId: row!.id, passwordHash: await hashPassword(password) });
  return row!;
}

export async function demoExists(db: Db): Promise<boolean> {
  const [row] = await db.select({ id: zones.id }).from(zones).where(eq(zones.slug, 'demo')).limit(1);
  return !!row;
}

/** The demo organisations of the README: `demo` (Demo Hospital) and `acme`, their users, key, tags and gateways. */
export async function seedDemo(db: Db): Promise<void> {
  await seedBase(db);
  if (await demoExists(db)) return;
  await db.transaction(async (txn) => {
    const tx = txn as unknown as Db;
    const ids = new Map<string, string>();
    const demoId = await insertTree(tx, DEMO_TREE, [ROOT_ZONE_ID], ids);
    const acmeId = await insertTree(tx, ACME_TREE, [ROOT_ZONE_ID], ids);
    for (const u of DEMO_USERS) await addUser(tx, demoId, u, DEMO_PASSWORD);
    await addUser(tx, acmeId, ACME_ADMIN, DEMO_PASSWORD);
    await addUser(tx, ROOT_ZONE_ID, SUPERADMIN, DEMO_PASSWORD);
    await tx.insert(apiKeys).values([
      {
        name: 'Demo security desk',
        kind: 'console',
        zoneId: demoId,
        role: 'security',
        keyHash: sha256(DEMO_API_KEY),
        prefix: DEMO_API_KEY.slice(0, 10),
      },
      {
        name: 'Demo gateways',
        kind: 'gateway',
        zoneId: demoId,
        role: 'default',
        keyHash: sha256(DEMO_GATEWAY_KEY),
        prefix: DEMO_GATEWAY_KEY.slice(0, 10),
      },
    ]);
    const people = [
      'Alex Rivera',
      'Blake Chen',
      'Casey Morgan',
      'Drew Patel',
      'Emery Johnson',
      'Finley Brooks',
      'Gray Santos',
      'Harper Kim',
    ];
    const tagAreas = [
      'ED Room 101',
      'ED Nurses Station',
      'Room 201',
      'Ward 3 Nurses Station',
      'Day Room',
      'Main Entrance',
    ];
    await tx.insert(tags).values(
      people.map((name, i) => {
        const zoneId = ids.get(tagAreas[i % tagAreas.length]!)!;
        return {
          id: DEMO_TAG_IDS[i]!,
          orgId: demoId,
          zoneId,
          config: {
            state: 'deployed',
            location: zoneId,
            label: `Badge ${i + 1}`,
            owner: { name, personId: `P-${1000 + i}` },
            logistics: { sku: i % 2 ? 'TAG7' : 'TAG5', barcode: `TAG${i % 2 ? 7 : 5}-20260101-${i + 1}` },
          },
          state: {
            firmware: { boot: 12, app: 50 + (i % 3) },
            battery: { current: { level: 2650 + i * 40 } },
          },
        };
      }),
    );
    await tx.insert(tags).values(
      [1, 2, 3, 4].map((i) => ({
        id: `c0ffee1000${String(i).padStart(2, '0')}`,
        orgId: demoId,
        zoneId: null,
        config: { state: 'available', logistics: { sku: 'TAG5' } },
        state: { firmware: { boot: 12, app: 51 }, battery: { current: { level: 3000 } } },
      })),
    );
    const gatewayAreas = ['ED Room 101', 'Main Entrance', 'Room 201', 'Day Room'];
    const beats = demoHeartbeats(new Date());
    await tx.insert(gateways).values(
      gatewayAreas.map((areaName, i) => ({
        id: DEMO_GATEWAY_IDS[i]!,
        orgId: demoId,
        zoneId: ids.get(areaName)!,
        config: {
          state: 'deployed',
          location: ids.get(areaName)!,
          logistics: { sku: 'GW2' },
          labels: [],
          notes: '',
        },
        state: stateAfter(beats[i]![0]!),
      })),
    );
    await tx.insert(gatewayHeartbeats).values(
      beats.flat().map(({ body, at }) => ({
        orgId: demoId,
        gatewayId: body.gateway,
        status: body.status,
        payload: body,
        at,
      })),
    );
    await seedReportDemo(tx, demoId, ids, new Date());
    // The tag owners as people (one remote), and two distribution stations (seed-distribution.ts).
    await tx.insert(peopleTable).values(
      people.map((name, i) => ({
        orgId: demoId,
        zoneId: ids.get(tagAreas[i % tagAreas.length]!)!,
        name,
        personId: `P-${1000 + i}`,
        contacts: { email: `${name.split(' ')[0]!.toLowerCase()}@demo.example` },
        isRemote: i === people.length - 1,
      })),
    );
    await seedDistributionDemo(tx, demoId, ids, DEMO_GATEWAY_IDS[0]!);
    await seedWhereaboutsDemo(tx, demoId, ids, new Date());
    await seedLogistics(tx, ROOT_ZONE_ID, DEMO_PASSWORD);
  });
}
