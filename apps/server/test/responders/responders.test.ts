import { beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { getTestApp } from '../helpers/app';
import { customRole } from '../helpers/alerts';
import { asAcmeWithResponders, responderSite, type ResponderSite } from './helpers';

// Issue 20 "Responders": GET /api/responders, SPEC §2.1 /responders (read Tag responders and the
// responderTools flag): a responder is the owner of a tag in behaviour mode responder (SPEC §3), where
// they are is where the tag was last heard.

let app: FastifyInstance;
let site: ResponderSite;
let admin: Record<string, string>;
const ids: Record<string, string> = {};

beforeAll(async () => {
  app = await getTestApp();
  site = await responderSite(app);
  admin = await site.headersOf('admin');
  ids.alice = await site.tag('Alice Responder', 'Unit 1');
  ids.bob = await site.tag('Bob Never-heard', 'Unit 1');
  ids.carl = await site.tag('Carl Standard', 'Unit 1', 'standard');
  ids.dana = await site.tag('Dana Unit-two', 'Unit 2');
  await site.place(ids.alice, 'Area 1b', 4000);
  await site.place(ids.carl, 'Area 1b');
  await site.place(ids.dana, 'Area 3a');
});

const list = (headers: Record<string, string>) =>
  app.inject({ method: 'GET', url: '/api/responders', headers });

describe('GET /api/responders (issue 20)', () => {
  it('lists the responders by name with where and when each was last heard, and who never was', async () => {
    const res = await list(admin);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.total).toBe(3);
    expect(body.data.map((r: { id: string }) => r.id)).toEqual([ids.alice, ids.bob, ids.dana]);
    const [alice, bob, dana] = body.data;
    expect(alice).toMatchObject({
      name: 'Alice Responder',
      label: `Badge ${ids.alice!.slice(-4)}`,
      personId: `P-${ids.alice!.slice(-4)}`,
      location: {
        site: 'Site',
        building: 'Tower',
        floor: 'Floor 1',
        unit: 'Unit 1',
        area: 'Area 1b',
        path: 'Site › Tower › Floor 1 › Unit 1 › Area 1b',
      },
      // The gateway of Area 1b, on Floor 1, an indoor GW2: coverage 16 m (SPEC §9).
      position: { floorId: site.zone('Floor 1'), lat: 40.2, lng: -73.2, radius: 16 },
    });
    expect(Date.now() - Date.parse(alice.seenAt)).toBeGreaterThanOrEqual(4000);
    expect(Date.now() - Date.parse(alice.seenAt)).toBeLessThan(60_000);
    expect(bob).toMatchObject({ name: 'Bob Never-heard', location: null, position: null, seenAt: null });
    expect(dana).toMatchObject({
      location: { floor: 'Floor 2', area: 'Area 3a' },
      position: { floorId: site.zone('Floor 2'), lat: 40.4, lng: -73.4 },
    });
  });

  it('follows a responder who moves: the latest position is the place', async () => {
    await site.place(ids.alice, 'Area 2a');
    const alice = (await list(admin)).json().data.find((r: { id: string }) => r.id === ids.alice);
    expect(alice.location.path).toBe('Site › Tower › Floor 1 › Unit 2 › Area 2a');
    expect(alice.position).toMatchObject({ lat: 40.3, lng: -73.3 });
    await site.place(ids.alice, 'Area 1b', 4000);
  });

  it('shows a caller only the responders located in its zones, and no floor outside them', async () => {
    const unitTwo = await site.headersOf('admin', 'Unit 2');
    const res = await list(unitTwo);
    expect(res.statusCode).toBe(200);
    // Dana's tag belongs to Unit 2: she is listed, where she was heard too; Floor 2 is not the caller's.
    expect(res.json()).toMatchObject({
      total: 1,
      data: [{ id: ids.dana, location: { area: 'Area 3a' }, position: null }],
    });
  });

  it('needs read Tag responders: a role without it is refused', async () => {
    const security = await site.headersOf('security');
    const refused = await list(security);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().reason).toBe('Not allowed to read Tag responders');
    const role = await customRole(app, [
      { action: ['list', 'read'], subject: ['Tag', 'Zone', 'FloorPlan'] },
      { action: ['read'], subject: 'Tag', fields: ['responders'], inverted: true },
    ]);
    const tagsOnly = await site.headersOf(role);
    expect((await list(tagsOnly)).statusCode).toBe(403);
    const tagList = await app.inject({ method: 'GET', url: '/api/tags', headers: tagsOnly });
    expect(tagList.statusCode).toBe(200);
  });

  it('needs the responderTools flag, refused as every flag-gated route is', async () => {
    const off = await responderSite(app, {});
    const res = await list(await off.headersOf('admin'));
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'feature_off' });
  });

  it('never shows one organisation’s responders to another', async () => {
    await asAcmeWithResponders(app, async (acme) => {
      const res = await list(acme);
      expect(res.statusCode).toBe(200);
      const seen = res.json().data.map((r: { id: string }) => r.id);
      expect(seen).not.toContain(ids.alice);
      expect(seen).not.toContain(ids.dana);
    });
  });
});
