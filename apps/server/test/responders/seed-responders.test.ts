import { describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../src/platform/db/client';
import { zones } from '../../src/db/schema';
import { DEMO_RESPONDERS, seedRespondersDemo } from '../../src/db/seed-responders';
import { listResponders } from '../../src/responders/list-responders';
import { getTestApp } from '../helpers/app';

// Issue 20: the demo's responders (db/seed-responders.ts), tried inside a transaction rolled back
// after, so the shared demo organisation is left as it was.

class RolledBack extends Error {}

describe('seedRespondersDemo (issue 20)', () => {
  it('makes three demo people responders, heard at demo gateways, with the responderTools flag', async () => {
    const app = await getTestApp();
    const [org] = await app.db
      .select()
      .from(zones)
      .where(and(eq(zones.slug, 'demo'), eq(zones.level, 'org')));
    const named = await app.db
      .select({ id: zones.id, name: zones.name })
      .from(zones)
      .where(sql`${zones.path} @> array[${org!.id}]::uuid[]`);
    const ids = new Map(named.map((z) => [z.name, z.id]));
    const now = new Date();
    let seen: Awaited<ReturnType<typeof listResponders>> | undefined;
    let flags: unknown;
    await expect(
      app.db.transaction(async (txn) => {
        const tx = txn as unknown as Db;
        await seedRespondersDemo(tx, org!.id, ids, now);
        seen = await listResponders(tx, { orgId: org!.id, roots: [org!.id] });
        const [after] = await tx.select().from(zones).where(eq(zones.id, org!.id));
        flags = after!.config.featureFlags;
        throw new RolledBack();
      }),
    ).rejects.toBeInstanceOf(RolledBack);

    expect(flags).toMatchObject({ responderTools: true, reasonDetails: true });
    const demo = seen!.data.filter((r) => DEMO_RESPONDERS.some((d) => d.tag === r.id));
    expect(demo.map((r) => [r.name, r.location?.area])).toEqual([
      ['Blake Chen', 'ED Room 101'],
      ['Casey Morgan', 'Room 201'],
      ['Harper Kim', 'Main Entrance'],
    ]);
    expect(demo.every((r) => r.seenAt !== null)).toBe(true);
  });
});
