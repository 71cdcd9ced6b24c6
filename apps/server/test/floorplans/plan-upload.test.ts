import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { eq } from 'drizzle-orm';
import { getTestApp, signIn, zoneIdByName } from '../helpers/app';
import { planSources } from '../../src/floorplans/tables';
import { PLAN_UPLOAD_MAX_BYTES } from '../../src/floorplans';
import { planImage, upload } from './plan-helpers';

let app: FastifyInstance;
let admin: Record<string, string>;
let floor: string;

beforeAll(async () => {
  app = await getTestApp();
  admin = (await signIn(app, 'admin@demo.example')).headers;
  floor = await zoneIdByName(app, 'Floor 1');
});

describe('POST /api/zones/{floorId}/plan/upload', () => {
  it('stores a PNG and answers its id, storage path and size', async () => {
    const png = await planImage(300, 200);
    const res = await upload(app, admin, floor, png, 'plan.bin');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toEqual({ id: expect.any(String), path: `plans/${floor}/sources/${body.id}/source.png` });
    const [row] = await app.db.select().from(planSources).where(eq(planSources.id, body.id));
    expect(row).toMatchObject({ floorId: floor, format: 'png', width: 300, height: 200, bytes: png.length });
    const file = path.join(app.config.dataDir, 'storage', 'orgs', row!.orgId, 'images', body.path);
    expect(fs.readFileSync(file).equals(png)).toBe(true);
  });

  it('stores a JPEG by its content, whatever its name, upright as EXIF says', async () => {
    const jpeg = await sharp(await planImage(300, 200, 'jpeg'))
      .withMetadata({ orientation: 6 })
      .jpeg()
      .toBuffer();
    const res = await upload(app, admin, floor, jpeg, 'plan.png');
    expect(res.statusCode).toBe(200);
    expect(res.json().path).toMatch(/source\.jpg$/);
    const [row] = await app.db.select().from(planSources).where(eq(planSources.id, res.json().id));
    expect(row).toMatchObject({ format: 'jpeg', width: 200, height: 300 });
  });

  it.each([
    ['a text file', Buffer.from('floor plan, in words\n'), 'A plan image must be a PNG or JPEG file'],
    ['a GIF', Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1'), 'GIF images are not supported'],
  ])('refuses %s with a reason', async (_what, content, reason) => {
    const res = await upload(app, admin, floor, content, 'plan.png');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ reason: expect.stringContaining(reason), code: 'unsupported_image' });
  });

  it('refuses a damaged PNG whose header cannot be read', async () => {
    const png = await planImage(100, 100);
    const res = await upload(app, admin, floor, png.subarray(0, 20));
    expect(res.statusCode).toBe(400);
    expect(res.json().reason).toMatch(/could not be read/);
  });

  it('refuses an image over the size limit with 413 and stores nothing', async () => {
    const before = await app.db.select().from(planSources).where(eq(planSources.floorId, floor));
    const big = Buffer.alloc(PLAN_UPLOAD_MAX_BYTES + 1);
    (await planImage(10, 10)).copy(big);
    const res = await upload(app, admin, floor, big);
    expect(res.statusCode).toBe(413);
    expect(res.json().reason).toBe('A plan image is at most 50 MB');
    const after = await app.db.select().from(planSources).where(eq(planSources.floorId, floor));
    expect(after).toHaveLength(before.length);
  });

  it('wants the field floorplan, in a multipart body', async () => {
    const png = await planImage(20, 20);
    const wrongField = await upload(app, admin, floor, png, 'plan.png', 'image');
    expect(wrongField.statusCode).toBe(400);
    expect(wrongField.json().reason).toMatch(/field "floorplan"/);
    const json = await app.inject({
      method: 'POST',
      url: `/api/zones/${floor}/plan/upload`,
      headers: admin,
      payload: { floorplan: 'x' },
    });
    expect(json.statusCode).toBe(400);
    expect(json.json().reason).toMatch(/multipart\/form-data/);
  });

  it('takes a floor only', async () => {
    const building = await zoneIdByName(app, 'North Tower');
    const res = await upload(app, admin, building, await planImage(20, 20));
    expect(res.statusCode).toBe(400);
    expect(res.json().reason).toBe('Plans belong to floors: North Tower is a building');
    const missing = await upload(app, admin, '00000000-0000-4000-8000-000000000000', await planImage(20, 20));
    expect(missing.statusCode).toBe(404);
  });

  it('needs update FloorPlan: the security role is refused, admin is not', async () => {
    const security = (await signIn(app, 'security@demo.example')).headers;
    const res = await upload(app, security, floor, await planImage(20, 20));
    expect(res.statusCode).toBe(403);
    expect(res.json().reason).toBe('Not allowed to update FloorPlan');
    expect((await upload(app, admin, floor, await planImage(20, 20))).statusCode).toBe(200);
  });

  it("keeps organisations apart: acme's admin cannot upload to demo's floor", async () => {
    const acme = (await signIn(app, 'admin@acme.example', 'acme')).headers;
    const res = await upload(app, acme, floor, await planImage(20, 20));
    expect(res.statusCode).toBe(404);
    expect(res.json().reason).toBe('Floor not found');
    const own = await zoneIdByName(app, 'Ground Floor');
    expect((await upload(app, acme, own, await planImage(20, 20))).statusCode).toBe(200);
  });
});
