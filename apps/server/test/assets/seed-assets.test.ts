import { beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { inArray, sql } from 'drizzle-orm';
import { assetStatusLabel, type Asset } from '@vigil/domain';
import { assets, tagPositions, zones } from '../../src/db/schema';
import { seedAssetsDemo } from '../../src/db/seed-assets';
import type { Db } from '../../src/platform/db/client';
import { listAssets } from '../../src/assets/list-assets';
import { getTestApp } from '../helpers/app';
import { orgIdOf } from '../sightings/helpers';

// Issue 20: the demo's assets, on the spare demo tags, each last heard by a demo gateway. Seeded in a
// transaction rolled back at the end, so the shared database keeps its spare tags free.

const SPARE_TAGS = ['c0ffee100001', 'c0ffee100002', 'c0ffee100003', 'c0ffee100004'];

class RolledBack extends Error {}

let app: FastifyInstance;
beforeAll(async () => {
  app = await getTestApp();
});

describe('seedAssetsDemo', () => {
  it('puts hospital equipment on the spare tags, statuses varied and one Pending, each heard on a floor', async () => {
    const demoId = await orgIdOf(app, 'demo');
    const spareAssets = () => app.db.select().from(assets).where(inArray(assets.tagId, SPARE_TAGS));
    const before = await spareAssets();
    let listed: Asset[] = [];
    await expect(
      app.db.transaction(async (txn) => {
        const tx = txn as unknown as Db;
        // Seeded already (the lead wires it into seedDemo): seeded again from nothing.
        await tx.delete(assets).where(inArray(assets.tagId, SPARE_TAGS));
        await tx.delete(tagPositions).where(inArray(tagPositions.tagId, SPARE_TAGS));
        const named = await tx
          .select({ id: zones.id, name: zones.name })
          .from(zones)
          .where(sql`${demoId} = any(${zones.path})`);
        await seedAssetsDemo(tx, demoId, new Map(named.map((z) => [z.name, z.id])), new Date());
        const page = await listAssets(tx, { orgId: demoId, roots: [demoId] }, { limit: '500' }, {});
        listed = page.data.filter((a) => a.tagId && SPARE_TAGS.includes(a.tagId));
        throw new RolledBack();
      }),
    ).rejects.toBeInstanceOf(RolledBack);

    expect(listed.map((a) => a.tagId).sort()).toEqual(SPARE_TAGS);
    const names = listed.map((a) => a.name).join(' ');
    for (const kind of ['Infusion pump', 'Wheelchair', 'Portable monitor', 'Bladder scanner']) {
      expect(names).toContain(kind);
    }
    const labels = listed.map((a) => assetStatusLabel(a.status));
    expect(labels).toContain('Pending');
    expect(new Set(labels).size).toBe(listed.length);
    for (const asset of listed) {
      expect(asset.lastSeen, asset.name).toMatchObject({ floor: expect.stringMatching(/^Floor [12]$/) });
    }
    // Rolled back: the shared database is as it was.
    expect(await spareAssets()).toEqual(before);
  });
});
