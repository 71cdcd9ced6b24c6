import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { eq } from 'drizzle-orm';
import { tileOf } from '@vigil/domain';
import { getTestApp, signIn, zoneIdByName } from '../helpers/app';
import { zones } from '../../src/db/schema';
import { plans } from '../../src/floorplans/tables';
import { corners, jobInstance, planImage, pollJob, status, upload } from './plan-helpers';

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

async function uploaded(image: Buffer) {
  const res = await upload(worker, admin, floor, image);
  expect(res.statusCode).toBe(200);
  return res.json() as { id: string; path: string };
}

async function start(kind: 'thumbnail' | 'tile', body: object) {
  const res = await worker.inject({
    method: 'POST',
    url: `/api/zones/${floor}/plan/${kind}`,
    headers: admin,
    payload: body,
  });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { job: string }).job;
}

async function signature(app: FastifyInstance, headers: Record<string, string>) {
  const res = await app.inject({ method: 'GET', url: '/api/storage/signature/images', headers });
  expect(res.statusCode).toBe(200);
  return res.json() as { signature: string; expiresAt: string; url: string };
}

describe('plan jobs', () => {
  it('makes a thumbnail of an upload, served under the image signature', async () => {
    const source = await uploaded(await planImage(3000, 1500));
    const job = await start('thumbnail', source);
    const seen = await pollJob(worker, admin, floor, job);
    const last = seen.at(-1)!;
    expect(last).toMatchObject({ step: 'done', percent: 100, isRunning: false, failReason: null });
    expect(last.result).toMatchObject({ id: source.id, width: 2048, height: 1024 });
    const { url } = await signature(worker, admin);
    const res = await shared.inject({ method: 'GET', url: `${url}/${last.result!.path as string}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect((await sharp(res.rawPayload).metadata()).width).toBe(2048);
  });

  it('tiles a plan to 100 %, saves it on the floor, and every instance serves its tiles', async () => {
    const source = await uploaded(await planImage(1200, 900));
    const placed = corners(40);
    const job = await start('tile', { id: source.id, corners: placed });
    const seen = await pollJob(worker, admin, floor, job);
    const percents = seen.map((s) => s.percent);
    expect(percents).toEqual([...percents].sort((a, b) => a - b));
    const last = seen.at(-1)!;
    expect(last).toMatchObject({ step: 'done', percent: 100, isRunning: false, failReason: null });
    const planId = last.result!.planId as string;
    expect(planId).toBe(job);

    const [zone] = await shared.db.select().from(zones).where(eq(zones.id, floor));
    expect(zone!.config).toMatchObject({
      planId,
      geometry: { type: 'Polygon', coordinates: [[...placed, placed[0]]] },
    });
    const [plan] = await shared.db.select().from(plans).where(eq(plans.id, planId));
    expect(plan).toMatchObject({ floorId: floor, sourceId: source.id });
    const byZoom = last.result!.tilesByZoom as Record<string, number>;
    expect(Object.keys(byZoom)).toEqual(['18', '19', '20', '21', '22']);
    expect(byZoom[22]).toBeGreaterThan(byZoom[18]!);

    // The shared instance ran no job: it serves what the worker instance wrote.
    const { url } = await signature(shared, (await signIn(shared, 'admin@demo.example')).headers);
    const base = `${url}/plans/${floor}/${planId}`;
    const resource = await shared.inject({ method: 'GET', url: `${base}/tilemapresource.json` });
    expect(resource.json()).toEqual({
      bounds: [placed[0][0], placed[2][1], placed[1][0], placed[1][1]],
      minZoom: 18,
      maxZoom: 22,
      tileSize: 256,
    });
    const xml = await shared.inject({ method: 'GET', url: `${base}/tilemapresource.xml` });
    expect(xml.headers['content-type']).toMatch(/application\/xml/);
    expect(xml.body).toContain(`<BoundingBox minx="${placed[0][0].toFixed(14)}"`);

    const middle: [number, number] = [(placed[0][0] + placed[2][0]) / 2, (placed[0][1] + placed[2][1]) / 2];
    for (const z of [22, 20, 18]) {
      const { x, y } = tileOf(middle, z);
      const tile = await shared.inject({ method: 'GET', url: `${base}/${z}/${x}/${y}.png` });
      expect(tile.statusCode, `zoom ${z}`).toBe(200);
      expect(tile.headers['content-type']).toBe('image/png');
      const meta = await sharp(tile.rawPayload).metadata();
      expect([meta.width, meta.height]).toEqual([256, 256]);
    }

    // Far from the plan: never written, a silent 404.
    const far = tileOf([placed[0][0] - 0.01, placed[0][1]], 22);
    const missing = await shared.inject({ method: 'GET', url: `${base}/22/${far.x}/${far.y}.png` });
    expect(missing.statusCode).toBe(404);
    expect(missing.body).toBe('');
  });

  it('refuses image URLs without a valid signature, and across organisations', async () => {
    const { signature: good } = await signature(worker, admin);
    const [zone] = await shared.db.select().from(zones).where(eq(zones.id, floor));
    const planPath = `plans/${floor}/${zone!.config.planId as string}/tilemapresource.json`;
    const ok = await worker.inject({ method: 'GET', url: `/api/storage/images/${good}/${planPath}` });
    expect(ok.statusCode).toBe(200);

    for (const bad of ['x', `${good.slice(0, -2)}AA`, 'eyJ0eXAiOiJpbWcifQ.abc']) {
      const res = await worker.inject({ method: 'GET', url: `/api/storage/images/${bad}/${planPath}` });
      expect(res.statusCode).toBe(403);
      expect(res.json().reason).toMatch(/image signature is missing, invalid or expired/);
    }
    const bare = await worker.inject({ method: 'GET', url: `/api/storage/images/${planPath}` });
    expect(bare.statusCode).toBe(403);

    const acme = await signature(worker, (await signIn(worker, 'admin@acme.example', 'acme')).headers);
    const cross = await worker.inject({
      method: 'GET',
      url: `/api/storage/images/${acme.signature}/${planPath}`,
    });
    expect(cross.statusCode).toBe(404);
    const escape = await worker.inject({ method: 'GET', url: `/api/storage/images/${good}/../../x.png` });
    expect(escape.statusCode).toBe(404);

    const noAccess = await worker.inject({
      method: 'GET',
      url: '/api/storage/signature/images',
      headers: (await signIn(worker, 'noaccess@demo.example')).headers,
    });
    expect(noAccess.statusCode).toBe(403);
  });

  it('fails a job whose image cannot be decoded, with the reason', async () => {
    const png = await planImage(400, 300);
    const source = await uploaded(png.subarray(0, 200)); // the header reads, the pixels do not
    const job = await start('tile', { id: source.id, corners: corners(20) });
    const last = (await pollJob(worker, admin, floor, job)).at(-1)!;
    expect(last).toMatchObject({ isRunning: false, failReason: expect.stringMatching(/could not be read/) });
    expect(last.percent).toBeLessThan(100);
  });

  it('re-tiles the floor plan by sourceId with new corners, dropping the plan it replaces', async () => {
    const [before] = await shared.db.select().from(zones).where(eq(zones.id, floor));
    const previous = before!.config.planId as string;
    const job = await start('tile', { sourceId: previous, corners: corners(30) });
    const last = (await pollJob(worker, admin, floor, job)).at(-1)!;
    expect(last.percent).toBe(100);
    const [after] = await shared.db.select().from(zones).where(eq(zones.id, floor));
    expect(after!.config.planId).toBe(job);
    expect(await shared.db.select().from(plans).where(eq(plans.id, previous))).toEqual([]);
    const orgId = before!.path[1]!;
    const dir = path.join(
      shared.config.dataDir,
      'storage',
      'orgs',
      orgId,
      'images',
      'plans',
      floor,
      previous,
    );
    await expect.poll(() => fs.existsSync(dir), { timeout: 5000 }).toBe(false);
  });

  it('cancels a running tile job: it stops, says so, and leaves the floor as it was', async () => {
    const [before] = await shared.db.select().from(zones).where(eq(zones.id, floor));
    const source = await uploaded(await planImage(2000, 1500));
    const job = await start('tile', { id: source.id, corners: corners(400) });
    await pollJob(worker, admin, floor, job, (s) => s.step === 'tiling' && s.percent > 12);
    const res = await worker.inject({
      method: 'DELETE',
      url: `/api/zones/${floor}/plan/status/${job}`,
      headers: admin,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ isRunning: false, failReason: 'Cancelled' });
    await new Promise((r) => setTimeout(r, 1500));
    expect(await status(worker, admin, floor, job)).toMatchObject({
      isRunning: false,
      failReason: 'Cancelled',
    });
    const [after] = await shared.db.select().from(zones).where(eq(zones.id, floor));
    expect(after!.config.planId).toBe(before!.config.planId);
    const orgId = before!.path[1]!;
    const dir = path.join(shared.config.dataDir, 'storage', 'orgs', orgId, 'images', 'plans', floor, job);
    await expect.poll(() => fs.existsSync(dir), { timeout: 5000 }).toBe(false);
  });

  it('answers 404 for an unknown job, a job of another floor, and in another organisation', async () => {
    const other = await zoneIdByName(shared, 'Floor 1');
    const source = await uploaded(await planImage(50, 50));
    const job = await start('thumbnail', source);
    const url = (f: string, j: string) => `/api/zones/${f}/plan/status/${j}`;
    expect(
      (
        await worker.inject({
          method: 'GET',
          url: url(floor, '00000000-0000-4000-8000-000000000000'),
          headers: admin,
        })
      ).statusCode,
    ).toBe(404);
    expect((await worker.inject({ method: 'GET', url: url(other, job), headers: admin })).statusCode).toBe(
      404,
    );
    const acme = (await signIn(worker, 'admin@acme.example', 'acme')).headers;
    expect((await worker.inject({ method: 'GET', url: url(floor, job), headers: acme })).statusCode).toBe(
      404,
    );
    const badPath = await worker.inject({
      method: 'POST',
      url: `/api/zones/${floor}/plan/thumbnail`,
      headers: admin,
      payload: { id: source.id, path: 'plans/elsewhere.png' },
    });
    expect(badPath.statusCode).toBe(400);
  });

  it('refuses corners that cannot place a plan, with the domain reason', async () => {
    const source = await uploaded(await planImage(50, 50));
    const [tl, tr, br, bl] = corners(20);
    const res = await worker.inject({
      method: 'POST',
      url: `/api/zones/${floor}/plan/tile`,
      headers: admin,
      payload: { id: source.id, corners: [tl, br, tr, bl] },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().reason).toMatch(/corners cross/);
  });
});
