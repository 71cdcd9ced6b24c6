import { beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { ASSET_NOTES_MAX } from '@vigil/domain';
import { getTestApp, unique, zoneIdByName } from '../helpers/app';
import { freshTag } from '../helpers/alerts';
import { auditOf, callers, countAssets, newAsset, storedAsset, type Headers } from './helpers';

// Issue 20, SPEC §7 PATCH assets/{id} {notes, status}; POST and DELETE for the asset administrator;
// SPEC §6 Asset; the caller's zones; other organisations; bad input refused with nothing written.

let app: FastifyInstance;
let who: Awaited<ReturnType<typeof callers>>;
let ward3: string;
let ed: string;

beforeAll(async () => {
  app = await getTestApp();
  who = await callers(app);
  ward3 = await zoneIdByName(app, 'Ward 3');
  ed = await zoneIdByName(app, 'Emergency Department');
});

const patch = (id: string, payload: unknown, headers: Headers = who.admin) =>
  app.inject({ method: 'PATCH', url: `/api/assets/${id}`, headers, payload: payload as object });
const post = (payload: unknown, headers: Headers = who.admin) =>
  app.inject({ method: 'POST', url: '/api/assets', headers, payload: payload as object });
const del = (id: string, headers: Headers = who.admin) =>
  app.inject({ method: 'DELETE', url: `/api/assets/${id}`, headers });
const anAsset = async (zoneId = ward3) =>
  newAsset(app, who.admin, { tagId: await freshTag(app, 'Room 201'), zoneId });

describe('PATCH /api/assets/{id} {notes, status} (SPEC §7)', () => {
  it('changes the status and notes, answers the asset in `data`, and writes the audit log', async () => {
    const asset = await anAsset();
    const res = await patch(asset.id, { status: 'repair', notes: 'Screen cracked; sent to biomed' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      id: asset.id,
      status: 'repair',
      notes: 'Screen cracked; sent to biomed',
      tracker: null,
    });
    expect(await storedAsset(app, asset.id)).toMatchObject({
      status: 'repair',
      notes: 'Screen cracked; sent to biomed',
    });
    const [, entry] = await auditOf(app, asset.id);
    expect(entry).toMatchObject({
      action: 'update',
      before: { status: '', notes: '' },
      after: { status: 'repair', notes: 'Screen cracked; sent to biomed' },
    });
  });

  it('changes only what is sent; an empty status is Pending again', async () => {
    const asset = await anAsset();
    await patch(asset.id, { status: 'cleaning', notes: 'Bay 2' });
    const res = await patch(asset.id, { status: '' });
    expect(res.statusCode).toBe(200);
    expect(await storedAsset(app, asset.id)).toMatchObject({ status: '', notes: 'Bay 2' });
  });

  it.each([
    [{ status: 'broken' }, 'status'],
    [{ status: 'In use' }, 'status'],
    [{ notes: 'x'.repeat(ASSET_NOTES_MAX + 1) }, 'notes'],
    [{ notes: 42 }, 'notes'],
    [{}, 'body'],
    [{ status: 'repair', name: 'Renamed' }, 'name'],
  ])('refuses %j with 400 naming %s, and writes nothing', async (body, field) => {
    const asset = await anAsset();
    const res = await patch(asset.id, body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ reason: expect.any(String), field });
    expect(await storedAsset(app, asset.id)).toMatchObject({ status: '', notes: '', name: asset.name });
    expect(await auditOf(app, asset.id)).toHaveLength(1);
  });

  it('takes the full notes length', async () => {
    const asset = await anAsset();
    expect((await patch(asset.id, { notes: 'n'.repeat(ASSET_NOTES_MAX) })).statusCode).toBe(200);
  });

  it('is allowed to assetTracking and assetTrackingAdmin, refused to assetTrackingUser and a role without Asset', async () => {
    const asset = await anAsset();
    expect((await patch(asset.id, { status: 'in use' }, who.tracking)).statusCode).toBe(200);
    expect((await patch(asset.id, { status: 'available' }, who.trackingAdmin)).statusCode).toBe(200);
    for (const headers of [who.user, who.security]) {
      const res = await patch(asset.id, { status: 'missing' }, headers);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ reason: 'Not allowed to update Asset' });
    }
    expect(await storedAsset(app, asset.id)).toMatchObject({ status: 'available' });
  });

  it('answers 404 for another organisation’s or another zone’s asset, and writes nothing', async () => {
    const asset = await anAsset(ed);
    for (const headers of [who.acme, who.ward3]) {
      const res = await patch(asset.id, { status: 'missing' }, headers);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ reason: 'Asset not found' });
    }
    expect(await storedAsset(app, asset.id)).toMatchObject({ status: '' });
    // Its own zone's user may.
    const inWard3 = await anAsset(ward3);
    expect((await patch(inWard3.id, { status: 'missing' }, who.ward3)).statusCode).toBe(200);
  });
});

describe('POST /api/assets (the asset administrator registers equipment)', () => {
  it('puts a named asset on a tag in a zone, and writes the audit log', async () => {
    const tagId = await freshTag(app, 'Room 201');
    const name = unique('Infusion pump ');
    const res = await post({
      name: `  ${name} `,
      tagId: tagId.toUpperCase(),
      zoneId: ward3,
      notes: 'IV pole 4',
    });
    expect(res.statusCode, res.body).toBe(200);
    const { data } = res.json();
    expect(data).toMatchObject({
      name,
      tagId,
      status: '',
      notes: 'IV pole 4',
      zoneId: ward3,
      zonePath: 'Main Campus › North Tower › Floor 2 › Ward 3',
      lastSeen: null,
      tracker: null,
    });
    expect(await auditOf(app, data.id)).toMatchObject([{ action: 'create', after: { name, tagId } }]);
    expect(
      (await post({ name: 'Wheelchair', tagId: await freshTag(app, null) }, who.trackingAdmin)).statusCode,
    ).toBe(200);
  });

  it('refuses a tag already on another asset with 409, and writes nothing', async () => {
    const asset = await anAsset();
    const before = await countAssets(app);
    const res = await post({ name: 'Second', tagId: asset.tagId, zoneId: ward3 });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ reason: 'This tag is already on another asset', code: 'tag_taken' });
    expect(await countAssets(app)).toBe(before);
  });

  it.each([
    [{ tagId: 'c0ffee100001' }, 'name'],
    [{ name: '   ', tagId: 'c0ffee100001' }, 'name'],
    [{ name: 'x'.repeat(201), tagId: 'c0ffee100001' }, 'name'],
    [{ name: 'Pump' }, 'tagId'],
    [{ name: 'Pump', tagId: 'not-a-mac' }, 'tagId'],
    [{ name: 'Pump', tagId: 'c0ffee100001', zoneId: 'ward-3' }, 'zoneId'],
    [{ name: 'Pump', tagId: 'c0ffee100001', status: 'lost' }, 'status'],
    [{ name: 'Pump', tagId: 'c0ffee100001', colour: 'red' }, 'colour'],
  ])('refuses %j with 400 naming %s, and writes nothing', async (body, field) => {
    const before = await countAssets(app);
    const res = await post(body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ reason: expect.any(String), field });
    expect(await countAssets(app)).toBe(before);
  });

  it('answers 404 for a tag or a zone of another organisation, and writes nothing', async () => {
    const before = await countAssets(app);
    const acmeTag = await freshTag(app, 'Front Desk', { slug: 'acme' });
    const tag = await post({ name: 'Pump', tagId: acmeTag, zoneId: ward3 });
    expect(tag.statusCode).toBe(404);
    expect(tag.json()).toMatchObject({ reason: 'Tag not found' });
    const zone = await post({
      name: 'Pump',
      tagId: await freshTag(app, 'Room 201'),
      zoneId: await zoneIdByName(app, 'Front Desk'),
    });
    expect(zone.statusCode).toBe(404);
    expect(zone.json()).toMatchObject({ reason: 'Location not found' });
    // Acme's admin may not use the demo's tag either.
    const other = await post({ name: 'Pump', tagId: await freshTag(app, 'Room 201') }, who.acme);
    expect(other.statusCode).toBe(404);
    expect(await countAssets(app)).toBe(before);
  });

  it('keeps to the caller’s zones: the tag and the zone must be inside them', async () => {
    const before = await countAssets(app);
    const outsideTag = await post(
      { name: 'Pump', tagId: await freshTag(app, 'ED Room 101'), zoneId: ward3 },
      who.ward3Admin,
    );
    expect(outsideTag.statusCode).toBe(404);
    expect(outsideTag.json()).toMatchObject({ reason: 'Tag not found' });
    const outsideZone = await post(
      { name: 'Pump', tagId: await freshTag(app, 'Room 201'), zoneId: ed },
      who.ward3Admin,
    );
    expect(outsideZone.statusCode).toBe(404);
    expect(outsideZone.json()).toMatchObject({ reason: 'Location not found' });
    const noZone = await post({ name: 'Pump', tagId: await freshTag(app, 'Room 201') }, who.ward3Admin);
    expect(noZone.statusCode).toBe(400);
    expect(noZone.json()).toMatchObject({ field: 'location' });
    expect(await countAssets(app)).toBe(before);
    const inside = await post(
      { name: 'Pump', tagId: await freshTag(app, 'Room 201'), zoneId: ward3 },
      who.ward3Admin,
    );
    expect(inside.statusCode, inside.body).toBe(200);
  });

  it('needs delete Asset (SPEC §6 has no create action)', async () => {
    const before = await countAssets(app);
    for (const headers of [who.tracking, who.ward3, who.user, who.security]) {
      const res = await post(
        { name: 'Pump', tagId: await freshTag(app, 'Room 201'), zoneId: ward3 },
        headers,
      );
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ reason: 'Not allowed to delete Asset' });
    }
    expect(await countAssets(app)).toBe(before);
  });
});

describe('DELETE /api/assets/{id}', () => {
  it('retires the asset, keeps its tag, and writes the audit log', async () => {
    const asset = await anAsset();
    const res = await del(asset.id);
    expect(res.statusCode).toBe(204);
    expect(await storedAsset(app, asset.id)).toBeUndefined();
    expect((await auditOf(app, asset.id)).map((e) => e.action)).toEqual(['create', 'delete']);
    // The tag is free for another asset.
    expect((await post({ name: 'Reused', tagId: asset.tagId, zoneId: ward3 })).statusCode).toBe(200);
  });

  it('is refused to roles that may not delete Asset, and answers 404 across organisations and zones', async () => {
    const asset = await anAsset(ed);
    for (const headers of [who.tracking, who.user, who.security]) {
      expect((await del(asset.id, headers)).statusCode).toBe(403);
    }
    expect((await del(asset.id, who.acme)).statusCode).toBe(404);
    expect((await del('not-an-id')).statusCode).toBe(404);
    expect(await storedAsset(app, asset.id)).toBeDefined();
    expect((await del(asset.id, who.trackingAdmin)).statusCode).toBe(204);
  });
});
