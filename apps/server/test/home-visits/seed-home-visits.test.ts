import { describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { visitState, visitTimesOf, type HomeVisit } from '@vigil/domain';
import type { Db } from '../../src/platform/db/client';
import type { Caller } from '../../src/platform/caller';
import { homeVisits, zones } from '../../src/db/schema';
import { seedHomeVisitsDemo } from '../../src/db/seed-home-visits';
import { listVisits } from '../../src/home-visits/list-visits';
import { getTestApp } from '../helpers/app';

// Issue 20: the demo's home visits (db/seed-home-visits.ts), tried inside a transaction rolled back
// after, so the shared demo organisation is left as it was.

class RolledBack extends Error {}

describe('seedHomeVisitsDemo (issue 20)', () => {
  it('gives Harper Kim a visit under way at a home with an address and a point, and one planned later', async () => {
    const app = await getTestApp();
    const [org] = await app.db
      .select()
      .from(zones)
      .where(and(eq(zones.slug, 'demo'), eq(zones.level, 'org')));
    const caller = { org: org!, scope: { orgId: org!.id, roots: [org!.id] }, role: 'admin' } as Caller;
    const ids = new Map<string, string>();
    const now = new Date();
    let seen: HomeVisit[] = [];
    await expect(
      app.db.transaction(async (txn) => {
        const tx = txn as unknown as Db;
        // Seeded already (seedDemo calls it): seeded again from nothing.
        await tx.delete(homeVisits).where(eq(homeVisits.orgId, org!.id));
        await tx
          .delete(zones)
          .where(and(eq(zones.parentId, org!.id), sql`${zones.config}->>'category' = 'home'`));
        await seedHomeVisitsDemo(tx, org!.id, ids, now);
        seen = (await listVisits(tx, caller, {}, now)).data.filter((v) => v.person.personId === 'P-1007');
        throw new RolledBack();
      }),
    ).rejects.toBeInstanceOf(RolledBack);

    expect(seen.map((v) => [v.person.name, v.home.name, visitState(visitTimesOf(v), now)])).toEqual([
      ['Harper Kim', '14 Rose Lane, Springfield', 'in-progress'],
      ['Harper Kim', '3 Oak Avenue, Springfield', 'planned'],
    ]);
    expect(seen.every((v) => v.home.point !== null)).toBe(true);
    expect(ids.get('14 Rose Lane, Springfield')).toBe(seen[0]!.home.id);
  });
});
