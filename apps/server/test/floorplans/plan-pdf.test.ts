import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { eq } from 'drizzle-orm';
import { tileOf } from '@vigil/domain';
import { getTestApp, signIn, zoneIdByName } from '../helpers/app';
import { planSources } from '../../src/floorplans/tables';
import { PLAN_WORK_MAX_PIXELS } from '../../src/floorplans/plan-raster';
import { corners, jobInstance, pollJob, upload } from './plan-helpers';
import { passwordPdf, rectanglePdf, zeroPagePdf } from './pdf-fixtures';

// SPEC §7 upload: 'PNG, JPEG, or a PDF's first page'. The page is drawn in a worker thread into the
// PNG the thumbnail and tile jobs read like any upload.

const RED = [200, 30, 40] as const;

let shared: FastifyInstance;
let worker: FastifyInstance;
let admin: Record<string, string>;
let floor: string;

beforeAll(async () => {
  shared = await getTestApp();
  worker = await jobInstance(shared);
  admin = (await signIn(worker, 'admin@demo.example')).headers;
  floor = await zoneIdByName(shared, 'Floor 2');
});
afterAll(async () => {
  await worker.close();
});

async function sourcesOfFloor() {
  return shared.db.select().from(planSources).where(eq(planSources.floorId, floor));
}

/** The colour of a tile's middle pixel. */
async function middlePixel(png: Buffer): Promise<number[]> {
  const { data, info } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const at = (Math.floor(info.height / 2) * info.width + Math.floor(info.width / 2)) * info.channels;
  return [...data.subarray(at, at + 3)];
}

describe('a PDF plan', () => {
  // How long the event loop waits while a page is drawn (in its worker thread) is measured by
  // bench/pdf-plan.bench.ts, not asserted here (no timed assertions in tests).
  it('is stored as the PNG of its first page, at the most pixels the tile job uses', async () => {
    const pdf = rectanglePdf(800, 600, RED);
    const res = await upload(worker, admin, floor, pdf, 'plan.pdf');
    expect(res.statusCode, res.body).toBe(200);

    const { id, path: stored } = res.json() as { id: string; path: string };
    expect(stored).toBe(`plans/${floor}/sources/${id}/source.png`);
    const [row] = await shared.db.select().from(planSources).where(eq(planSources.id, id));
    expect(row).toMatchObject({ format: 'png' });
    expect(row!.width * row!.height).toBeLessThanOrEqual(PLAN_WORK_MAX_PIXELS);
    expect(row!.width * row!.height).toBeGreaterThan(PLAN_WORK_MAX_PIXELS * 0.99);
    expect(row!.width / row!.height).toBeCloseTo(800 / 600, 2);
    const file = path.join(shared.config.dataDir, 'storage', 'orgs', row!.orgId, 'images', stored);
    const meta = await sharp(file).metadata();
    expect(meta).toMatchObject({ format: 'png', width: row!.width, height: row!.height, hasAlpha: false });
    expect(row!.bytes).toBe(fs.statSync(file).size);
    expect(fs.readdirSync(path.dirname(file))).toEqual(['source.png']);
  });

  it('tiles like any upload: the rectangle is in the tiles, in its colour', async () => {
    const res = await upload(worker, admin, floor, rectanglePdf(400, 300, RED), 'plan.pdf');
    expect(res.statusCode, res.body).toBe(200);
    const placed = corners(40);
    const start = await worker.inject({
      method: 'POST',
      url: `/api/zones/${floor}/plan/tile`,
      headers: admin,
      payload: { id: res.json().id, corners: placed },
    });
    expect(start.statusCode, start.body).toBe(200);
    const job = start.json().job as string;
    const last = (await pollJob(worker, admin, floor, job)).at(-1)!;
    expect(last).toMatchObject({ step: 'done', percent: 100, failReason: null });

    const signature = await shared.inject({
      method: 'GET',
      url: '/api/storage/signature/images',
      headers: admin,
    });
    const base = `${signature.json().url}/plans/${floor}/${last.result!.planId as string}`;
    const tileAt = async (lngLat: [number, number]) => {
      const { x, y } = tileOf(lngLat, 22);
      const tile = await shared.inject({ method: 'GET', url: `${base}/22/${x}/${y}.png` });
      expect(tile.statusCode).toBe(200);
      return middlePixel(tile.rawPayload);
    };
    // The plan's middle is the rectangle; a point a tenth in from its top-left corner is the white page.
    const along = (t: number, u: number): [number, number] => [
      placed[0][0] + (placed[1][0] - placed[0][0]) * t + (placed[3][0] - placed[0][0]) * u,
      placed[0][1] + (placed[1][1] - placed[0][1]) * t + (placed[3][1] - placed[0][1]) * u,
    ];
    const [r, g, b] = await tileAt(along(0.5, 0.5));
    expect(Math.abs(r! - RED[0]) + Math.abs(g! - RED[1]) + Math.abs(b! - RED[2])).toBeLessThan(15);
    expect(await tileAt(along(0.1, 0.1))).toEqual([255, 255, 255]);
  });

  it.each([
    ['protected by a password', passwordPdf(), 'The PDF is protected by a password'],
    ['damaged', Buffer.from('%PDF-1.7\n%\xe2\xe3\n1 0 obj\n<< /Type', 'latin1'), 'The PDF could not be read'],
    ['without pages', zeroPagePdf(), 'The PDF has no pages'],
  ])('refuses a PDF %s with a reason, and stores nothing', async (_what, pdf, reason) => {
    const before = await sourcesOfFloor();
    const res = await upload(worker, admin, floor, pdf, 'plan.pdf');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ reason: expect.stringContaining(reason), code: 'unreadable_pdf' });
    expect(await sourcesOfFloor()).toHaveLength(before.length);
  });
});
