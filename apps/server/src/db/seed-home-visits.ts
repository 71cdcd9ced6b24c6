import crypto from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../platform/db/client';
import { homeVisits, people, zones } from './schema';

// Issue 20 "Home visits" in the demo: two patients' homes (zones of category home; the name is the
// address, config.geometry its point for a street map) and the visits of Harper Kim (P-1007, the
// demo's remote person, tag c0ffee000008): one under way now, one planned later.

const HOMES = [
  { name: '14 Rose Lane, Springfield', lngLat: [-89.6501, 39.7817] },
  { name: '3 Oak Avenue, Springfield', lngLat: [-89.6443, 39.7952] },
] as const;

const HARPER_PERSON_ID = 'P-1007';
const minutes = (now: Date, n: number) => new Date(now.getTime() + n * 60_000);

/**
 * Seeds the demo's home visits into organisation `demoId` (after its people): the homes sit directly
 * under the organisation, as sites, and go into `ids` by name. Harper Kim's first visit started 30
 * minutes before `now` and is checked in (a press of her tag is an alert at 14 Rose Lane); it ends
 * 8 hours after `now` (a demo left running a working day is not woken by it), after which the
 * lone-worker timer raises its alert if nobody checks it out.
 */
export async function seedHomeVisitsDemo(tx: Db, demoId: string, ids: Map<string, string>, now: Date) {
  const [org] = await tx.select({ path: zones.path }).from(zones).where(eq(zones.id, demoId));
  if (!org) throw new Error('seedHomeVisitsDemo: no demo organisation');
  const homeIds: string[] = [];
  for (const home of HOMES) {
    const id = crypto.randomUUID();
    await tx.insert(zones).values({
      id,
      name: home.name,
      level: 'site',
      parentId: demoId,
      path: [...org.path, id],
      config: { category: 'home', geometry: { type: 'Point', coordinates: [...home.lngLat] } },
    });
    ids.set(home.name, id);
    homeIds.push(id);
  }
  const [harper] = await tx
    .select({ id: people.id })
    .from(people)
    .where(and(eq(people.orgId, demoId), eq(people.personId, HARPER_PERSON_ID)));
  if (!harper) throw new Error('seedHomeVisitsDemo: Harper Kim (P-1007) is not seeded yet');
  const by = { id: 'seed', name: 'Demo data' };
  await tx.insert(homeVisits).values([
    {
      orgId: demoId,
      personId: harper.id,
      homeZoneId: homeIds[0]!,
      plannedStart: minutes(now, -30),
      plannedEnd: minutes(now, 480),
      checkedInAt: minutes(now, -27),
      notes: 'Wound dressing and medication review.',
      createdBy: by,
    },
    {
      orgId: demoId,
      personId: harper.id,
      homeZoneId: homeIds[1]!,
      plannedStart: minutes(now, 600),
      plannedEnd: minutes(now, 660),
      notes: 'Post-discharge check.',
      createdBy: by,
    },
  ]);
}
