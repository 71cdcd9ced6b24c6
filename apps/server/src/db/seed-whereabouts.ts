import type { Db } from '../platform/db/client';
import { seedAssetsDemo } from './seed-assets';
import { seedHomeVisitsDemo } from './seed-home-visits';
import { seedRespondersDemo } from './seed-responders';

/**
 * Issue 20 "Who is where" in the demo, after its tags, gateways and people: responders with their
 * last positions, Harper Kim's home visits, and the hospital's tagged equipment.
 */
export async function seedWhereaboutsDemo(tx: Db, demoId: string, ids: Map<string, string>, now: Date) {
  await seedRespondersDemo(tx, demoId, ids, now);
  await seedHomeVisitsDemo(tx, demoId, ids, now);
  await seedAssetsDemo(tx, demoId, ids, now);
}
