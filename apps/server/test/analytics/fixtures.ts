import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { alerts, credentials, users, zones } from '../../src/db/schema';
import { DEMO_PASSWORD, ROOT_ZONE_ID } from '../../src/db/seed';
import { hashPassword } from '../../src/platform/crypto';
import { signIn, unique } from '../helpers/app';

// Tests share one database: each analytics test file makes its own organisation, so that its
// counts are its own. Its tree (America/Chicago):
//   org ─ Site ─ Building ─ Floor 1 ─ Unit A ─ Room A1, Room A2
//                         │        └ Unit B ─ Room B1
//                         └ Floor 2

export type AnalyticsOrg = Awaited<ReturnType<typeof analyticsOrg>>;

type Tree = { name: string; level: string; children?: Tree[] };

const TREE: Tree = {
  name: 'Site',
  level: 'site',
  children: [
    {
      name: 'Building',
      level: 'building',
      children: [
        {
          name: 'Floor 1',
          level: 'floor',
          children: [
            {
              name: 'Unit A',
              level: 'unit',
              children: [
                { name: 'Room A1', level: 'area' },
                { name: 'Room A2', level: 'area' },
              ],
            },
            { name: 'Unit B', level: 'unit', children: [{ name: 'Room B1', level: 'area' }] },
          ],
        },
        { name: 'Floor 2', level: 'floor' },
      ],
    },
  ],
};

/** A fresh organisation with the tree above, an admin, a user who may not read reports, and a unit admin. */
export async function analyticsOrg(app: FastifyInstance, timeZone = 'America/Chicago') {
  const slug = unique('an').toLowerCase();
  const orgId = crypto.randomUUID();
  await app.db.insert(zones).values({
    id: orgId,
    name: `Analytics ${slug}`,
    level: 'org',
    parentId: ROOT_ZONE_ID,
    path: [ROOT_ZONE_ID, orgId],
    slug,
    config: { timeZone, featureFlags: { reasonDetails: true } },
    auth: { methods: ['password'] },
  });
  const ids: Record<string, string> = {};
  const insert = async (tree: Tree, parentPath: string[]) => {
    const id = crypto.randomUUID();
    ids[tree.name] = id;
    await app.db.insert(zones).values({
      id,
      name: tree.name,
      level: tree.level,
      parentId: parentPath.at(-1)!,
      path: [...parentPath, id],
      config: tree.level === 'unit' || tree.level === 'area' ? { state: 'active' } : {},
    });
    for (const child of tree.children ?? []) await insert(child, [...parentPath, id]);
  };
  await insert(TREE, [ROOT_ZONE_ID, orgId]);
  const user = async (role: string, zoneId: string) => {
    const email = `${unique('u')}@${slug}.example`;
    const [row] = await app.db
      .insert(users)
      .values({ email, name: unique('User '), role, zoneId })
      .returning();
    await app.db
      .insert(credentials)
      .values({ userId: row!.id, passwordHash: await hashPassword(DEMO_PASSWORD) });
    return (await signIn(app, email, slug)).headers;
  };
  return {
    orgId,
    slug,
    zone: (name: keyof typeof ids | string) => ids[name]!,
    admin: await user('admin', orgId),
    security: await user('security', orgId),
    unitAdmin: await user('admin', ids['Unit A']!),
  };
}

export type ClosedAlert = {
  zoneId: string | null;
  createdAt: string;
  /** Seconds to acknowledge (null: never acknowledged). */
  acknowledgeS?: number | null;
  closeS?: number;
  mode?: 'help' | 'danger' | 'test';
  reasonDetails?: Record<string, unknown> | null;
  /** Leave it open (no close). */
  open?: boolean;
};

/** Alerts written straight to the table (as an import would), closed unless `open`. */
export async function insertAlerts(
  app: FastifyInstance,
  orgId: string,
  list: ClosedAlert[],
): Promise<string[]> {
  const rows = list.map((a) => {
    const created = new Date(a.createdAt);
    const at = (s: number | null | undefined) =>
      s === null || s === undefined ? null : new Date(created.getTime() + s * 1000);
    const closeS = a.closeS ?? (a.acknowledgeS ?? 0) + 120;
    return {
      orgId,
      zoneId: a.zoneId,
      tagId: `a1${crypto.randomBytes(5).toString('hex')}`,
      state: a.open ? 'notified' : 'closed',
      mode: a.mode ?? 'help',
      createdAt: created,
      lastPressAt: created,
      updatedAt: created,
      acknowledgedAt: at(a.acknowledgeS),
      closedAt: a.open ? null : at(closeS),
      reasonCode: a.open ? null : a.mode === 'test' ? 'test' : 'resolved_incident_handled',
      reasonDetails: a.reasonDetails ?? null,
    };
  });
  const inserted = await app.db.insert(alerts).values(rows).returning({ id: alerts.id });
  return inserted.map((r) => r.id);
}
