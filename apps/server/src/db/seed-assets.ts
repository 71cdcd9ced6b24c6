import type { Db } from '../platform/db/client';
import { assets, tagMoves, tagPositions } from './schema';

// Issue 20 assets in the demo: hospital equipment on the spare demo tags c0ffee100001..4 (seed.ts),
// each last heard by a demo gateway (b0a710000001..4, in the areas seed.ts puts them), so the asset
// list shows where each is and its floor plan draws it once that gateway is placed on the map.

type DemoAsset = {
  name: string;
  tag: string;
  /** The zone it belongs to. */
  zone: string;
  status: string;
  notes: string;
  /** The demo gateway that heard it, and that gateway's area. */
  gateway: string;
  heardIn: string;
  minutesAgo: number;
  rssi: number;
};

const DEMO_ASSETS: readonly DemoAsset[] = [
  {
    name: 'Infusion pump IP-07',
    tag: 'c0ffee100001',
    zone: 'Emergency Department',
    status: 'in use',
    notes: 'With the patient in ED Room 101',
    gateway: 'b0a710000001',
    heardIn: 'ED Room 101',
    minutesAgo: 2,
    rssi: -58,
  },
  {
    name: 'Wheelchair WC-12',
    tag: 'c0ffee100002',
    zone: 'Lobby',
    status: 'available',
    notes: '',
    gateway: 'b0a710000002',
    heardIn: 'Main Entrance',
    minutesAgo: 5,
    rssi: -64,
  },
  {
    name: 'Portable monitor PM-3',
    tag: 'c0ffee100003',
    zone: 'Ward 3',
    // Pending: nobody has set a status yet.
    status: '',
    notes: '',
    gateway: 'b0a710000003',
    heardIn: 'Room 201',
    minutesAgo: 1,
    rssi: -61,
  },
  {
    name: 'Bladder scanner BS-1',
    tag: 'c0ffee100004',
    zone: 'Behavioral Health',
    status: 'repair',
    notes: 'Battery will not hold a charge: biomed ticket 4471',
    gateway: 'b0a710000004',
    heardIn: 'Day Room',
    minutesAgo: 42,
    rssi: -70,
  },
];

/** The demo's assets and their tags' last positions; `ids` maps the demo's zone names to ids. */
export async function seedAssetsDemo(
  tx: Db,
  demoId: string,
  ids: Map<string, string>,
  now: Date,
): Promise<void> {
  const zoneOf = (name: string) => {
    const id = ids.get(name);
    if (!id) throw new Error(`seedAssetsDemo: no demo zone named ${name}`);
    return id;
  };
  await tx.insert(assets).values(
    DEMO_ASSETS.map((a) => ({
      orgId: demoId,
      zoneId: zoneOf(a.zone),
      name: a.name,
      tagId: a.tag,
      status: a.status,
      notes: a.notes,
    })),
  );
  const heard = DEMO_ASSETS.map((a) => ({
    tagId: a.tag,
    orgId: demoId,
    gatewayId: a.gateway,
    zoneId: zoneOf(a.heardIn),
    rssi: a.rssi,
    at: new Date(now.getTime() - a.minutesAgo * 60_000),
  }));
  await tx
    .insert(tagPositions)
    .values(heard.map(({ at, ...h }) => ({ ...h, seenAt: at, movedAt: at, updatedAt: now })));
  // Each first position is a move of the tag's history, as the sightings API keeps it.
  await tx.insert(tagMoves).values(heard);
}
