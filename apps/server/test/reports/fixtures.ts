import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { inArray } from 'drizzle-orm';
import { DAY_MS } from '@vigil/domain';
import { gatewayHeartbeats, gateways, tags, users, zones } from '../../src/db/schema';
import { unique } from '../helpers/app';
import { freshMac, zoneByName } from '../helpers/alerts';
import { insertTags, type TagSpec } from '../helpers/tags';

// The reports' tests share one database with every other test file, whose tags and gateways also
// report being heard now. So each report test works in a building of its own under the demo's
// Main Campus (counts there are exact), or over a range of years ago no other test writes in.

export type Building = {
  id: string;
  name: string;
  /** Zone names: floors A and B, unit A (floor A) and B (floor B), an area in each unit. */
  floorA: string;
  floorB: string;
  unitA: string;
  unitB: string;
  areaA: string;
  areaB: string;
  ids: Map<string, string>;
};

/** A building of two floors, each with a unit and an area, named uniquely. */
export async function addBuilding(app: FastifyInstance): Promise<Building> {
  const site = await zoneByName(app, 'Main Campus');
  const tag = unique('');
  const ids = new Map<string, string>();
  const add = async (name: string, level: string, parentPath: string[]) => {
    const id = crypto.randomUUID();
    await app.db.insert(zones).values({
      id,
      name,
      level,
      parentId: parentPath[parentPath.length - 1]!,
      path: [...parentPath, id],
      config: level === 'unit' || level === 'area' ? { state: 'active' } : {},
    });
    ids.set(name, id);
    return [...parentPath, id];
  };
  const b = {
    name: `Report Tower ${tag}`,
    floorA: `Report Floor A ${tag}`,
    floorB: `Report Floor B ${tag}`,
    unitA: `Report Unit A ${tag}`,
    unitB: `Report Unit B ${tag}`,
    areaA: `Report Room A ${tag}`,
    areaB: `Report Room B ${tag}`,
  };
  const building = await add(b.name, 'building', site.path);
  const floorA = await add(b.floorA, 'floor', building);
  const floorB = await add(b.floorB, 'floor', building);
  await add(b.areaA, 'area', await add(b.unitA, 'unit', floorA));
  await add(b.areaB, 'area', await add(b.unitB, 'unit', floorB));
  return { ...b, id: ids.get(b.name)!, ids };
}

/** Deletes what the tests made: heartbeats, gateways, tags, users placed in the building, its zones. */
export async function removeAll(
  app: FastifyInstance,
  made: { building?: Building; tags: string[]; gateways: string[] },
) {
  if (made.gateways.length) {
    await app.db.delete(gatewayHeartbeats).where(inArray(gatewayHeartbeats.gatewayId, made.gateways));
    await app.db.delete(gateways).where(inArray(gateways.id, made.gateways));
  }
  if (made.tags.length) await app.db.delete(tags).where(inArray(tags.id, made.tags));
  if (made.building) {
    const zoneIds = [...made.building.ids.values()];
    await app.db.delete(users).where(inArray(users.zoneId, zoneIds));
    await app.db.delete(zones).where(inArray(zones.id, zoneIds));
  }
}

/** A tag heard at `lastSeen` (none: never heard), optionally flagged for collection. */
export function heardTag(
  zone: string | null,
  lastSeen: Date | null,
  extra: { collection?: { reason: string; urgency: number; at: Date }; owner?: string; mv?: number } = {},
): TagSpec {
  return {
    zone,
    config: {
      state: 'deployed',
      label: unique('Badge '),
      owner: { name: extra.owner ?? unique('Owner '), personId: unique('P-') },
      ...(extra.collection
        ? { collection: { ...extra.collection, at: extra.collection.at.toISOString() } }
        : {}),
    },
    state: {
      ...(lastSeen ? { updatedAt: lastSeen.toISOString() } : {}),
      ...(extra.mv !== undefined ? { battery: { current: { level: extra.mv } } } : {}),
    },
  };
}

export async function addTags(app: FastifyInstance, made: { tags: string[] }, specs: TagSpec[]) {
  const ids = await insertTags(app, specs);
  made.tags.push(...ids);
  return ids;
}

/** A gateway of the demo organisation in `zone`, last updated at `lastUpdate`. */
export async function addGateway(
  app: FastifyInstance,
  made: { gateways: string[] },
  opts: { zone: string; lastUpdate: Date; state?: string; sku?: string },
): Promise<string> {
  const zone = await zoneByName(app, opts.zone);
  const org = await zoneByName(app, 'Demo Hospital');
  const id = freshMac();
  await app.db.insert(gateways).values({
    id,
    orgId: org.id,
    zoneId: zone.id,
    config: { state: opts.state ?? 'deployed', location: zone.id, logistics: { sku: opts.sku ?? 'GW2' } },
    state: { status: 'connected', updatedAt: opts.lastUpdate.toISOString() },
  });
  made.gateways.push(id);
  return id;
}

/** Heartbeats of a gateway at these times, each with these diagnostics readings. */
export async function addHeartbeats(
  app: FastifyInstance,
  gatewayId: string,
  beats: { at: Date; button?: number; coverage?: number; floor?: number }[],
) {
  const org = await zoneByName(app, 'Demo Hospital');
  await app.db.insert(gatewayHeartbeats).values(
    beats.map((b) => ({
      orgId: org.id,
      gatewayId,
      status: 'connected',
      payload: {
        gateway: gatewayId,
        status: 'connected',
        diagnostics: { button: b.button, coverage: b.coverage, floor: b.floor },
      },
      at: b.at,
    })),
  );
}

/** A day of years ago (2001–2020) no other test writes times in, at midnight UTC. */
export function pastDay(): Date {
  const days = Math.floor(Math.random() * 7000);
  return new Date(Date.UTC(2001, 0, 1) + days * DAY_MS);
}

export const hoursAfter = (t: Date, h: number) => new Date(t.getTime() + h * 3_600_000);
export const daysAgo = (d: number, now = Date.now()) => new Date(now - d * DAY_MS);
