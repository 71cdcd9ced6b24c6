import { beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { getTestApp, signIn, zoneIdByName } from '../helpers/app';

// SPEC §4 Plan editing: a rotation saves the floor's planBearing; editing floor plans needs update
// FloorPlan (SPEC §6), so the plan's own route saves it, not the zones' update (update Zone).

let app: FastifyInstance;
let admin: Record<string, string>;
let security: Record<string, string>;
let floor: string;

beforeAll(async () => {
  app = await getTestApp();
  admin = (await signIn(app, 'admin@demo.example')).headers;
  security = (await signIn(app, 'security@demo.example')).headers;
  floor = await zoneIdByName(app, 'Floor 2');
});

const put = (floorId: string, payload: unknown, headers = admin) =>
  app.inject({
    method: 'PUT',
    url: `/api/zones/${floorId}/plan/bearing`,
    headers,
    payload: payload as object,
  });

describe('PUT /api/zones/{floorId}/plan/bearing', () => {
  it("saves the floor's planBearing and answers the floor", async () => {
    const res = await put(floor, { bearing: -12.4 });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id: floor, config: { planBearing: -12.4 } });
    const read = await app.inject({ url: `/api/zones/${floor}`, headers: admin });
    expect(read.json().config.planBearing).toBe(-12.4);
  });

  it.each([
    ['a bearing past 180', { bearing: 181 }],
    ['no bearing', {}],
    ['a bearing in words', { bearing: 'north' }],
    ['another field', { bearing: 3, planId: 'x' }],
  ])('refuses %s with 400 and changes nothing', async (_, body) => {
    const before = (await app.inject({ url: `/api/zones/${floor}`, headers: admin })).json().config
      .planBearing;
    const res = await put(floor, body);
    expect(res.statusCode).toBe(400);
    expect(res.json().reason).toEqual(expect.any(String));
    const after = (await app.inject({ url: `/api/zones/${floor}`, headers: admin })).json().config
      .planBearing;
    expect(after).toBe(before);
  });

  it('takes a floor only', async () => {
    const building = await zoneIdByName(app, 'North Tower');
    const res = await put(building, { bearing: 5 });
    expect(res.statusCode).toBe(400);
    expect(res.json().reason).toMatch(/^Plans belong to floors/);
  });

  it('needs update FloorPlan', async () => {
    expect((await put(floor, { bearing: 5 }, security)).statusCode).toBe(403);
  });

  it('answers 404 for a floor of another organisation or a made-up id', async () => {
    const acme = (await signIn(app, 'admin@acme.example', 'acme')).headers;
    expect((await put(floor, { bearing: 5 }, acme)).statusCode).toBe(404);
    expect((await put('00000000-0000-4000-8000-000000000000', { bearing: 5 })).statusCode).toBe(404);
  });
});
