import { beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { UNIT_GEOMETRY_REASONS } from '@vigil/domain';
import { auditLog } from '../../src/db/schema';
import { getTestApp, signIn, zoneIdByName } from '../helpers/app';

// SPEC §2.7 units add/edit, §3 Unit on a map {id, name, config {geometry (Polygon), state}}, §4 Units
// active or inactive, §5 'Are you sure you want to deactivate unit <name> and all areas within?'.

let app: FastifyInstance;
let demo: Record<string, string>;
let security: Record<string, string>;
let floor: string;

beforeAll(async () => {
  app = await getTestApp();
  demo = (await signIn(app, 'admin@demo.example')).headers;
  security = (await signIn(app, 'security@demo.example')).headers;
  floor = await zoneIdByName(app, 'Floor 2');
});

const square = [
  [-71.06, 42.36],
  [-71.059, 42.36],
  [-71.059, 42.361],
  [-71.06, 42.361],
  [-71.06, 42.36],
];
const polygon = (ring: unknown[] = square) => ({ type: 'Polygon', coordinates: [ring] });

const get = (id: string) => app.inject({ url: `/api/zones/${id}`, headers: demo });
const post = (payload: object, headers = demo) =>
  app.inject({ method: 'POST', url: '/api/zones', headers, payload });
const put = (id: string, payload: object, headers = demo) =>
  app.inject({ method: 'PUT', url: `/api/zones/${id}`, headers, payload });

async function newUnit(name: string, config: object = { geometry: polygon(), state: 'active' }) {
  const res = await post({ name, level: 'unit', parent: floor, config });
  expect(res.statusCode).toBe(200);
  return res.json() as { id: string; config: Record<string, unknown> };
}

describe('a unit drawn on its floor (POST /api/zones level unit)', () => {
  it('saves its polygon and state, and lists it under the floor', async () => {
    const unit = await newUnit('Imaging Suite');
    expect(unit.config).toEqual({ geometry: polygon(), state: 'active' });
    const page = (
      await app.inject({ url: `/api/zones?level=unit&parent=${floor}&limit=500`, headers: demo })
    ).json();
    expect(page.data.map((z: { name: string }) => z.name)).toContain('Imaging Suite');
  });

  it.each([
    ['a Point', { type: 'Point', coordinates: [0, 0] }, UNIT_GEOMETRY_REASONS.notPolygon],
    ['two corners', polygon([square[0], square[1], square[0]]), UNIT_GEOMETRY_REASONS.tooFewCorners],
    ['an open ring', polygon(square.slice(0, 4)), UNIT_GEOMETRY_REASONS.notClosed],
    [
      'a bow tie',
      polygon([
        [0, 0],
        [1, 1],
        [1, 0],
        [0, 1],
        [0, 0],
      ]),
      UNIT_GEOMETRY_REASONS.crossing,
    ],
    [
      'a corner out of range',
      polygon([
        [0, 0],
        [200, 1],
        [1, 0],
        [0, 0],
      ]),
      UNIT_GEOMETRY_REASONS.badCorner,
    ],
  ])('refuses %s with 400 and the reason', async (_, geometry, reason) => {
    const res = await post({ name: 'Bad unit', level: 'unit', parent: floor, config: { geometry } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ reason, field: 'config.geometry' });
  });

  it('refuses an unknown state and an empty name with their reasons', async () => {
    const state = await post({ name: 'X', level: 'unit', parent: floor, config: { state: 'closed' } });
    expect(state.statusCode).toBe(400);
    const name = await post({ name: '  ', level: 'unit', parent: floor, config: { geometry: polygon() } });
    expect(name.statusCode).toBe(400);
    expect(name.json().reason).toContain('Must specify a name');
  });

  it('leaves other levels’ geometry to their own rules (a floor keeps its plan corners)', async () => {
    const res = await put(floor, { config: { geometry: { type: 'Polygon', coordinates: [] } } });
    expect(res.statusCode).toBe(200);
    await put(floor, { config: { geometry: null } });
  });

  it('needs update Zone', async () => {
    expect((await post({ name: 'Nope', level: 'unit', parent: floor }, security)).statusCode).toBe(403);
  });
});

describe('editing a unit (PUT /api/zones/{id})', () => {
  it('replaces its polygon and name', async () => {
    const unit = await newUnit('Radiology');
    const moved = square.map(([x, y]) => [x! + 0.001, y!]);
    const res = await put(unit.id, { name: 'Radiology East', config: { geometry: polygon(moved) } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      name: 'Radiology East',
      config: { geometry: polygon(moved), state: 'active' },
    });
  });

  it('refuses a malformed polygon and keeps the old one', async () => {
    const unit = await newUnit('Pharmacy');
    const res = await put(unit.id, {
      config: {
        geometry: polygon([
          [0, 0],
          [1, 1],
          [2, 2],
          [0, 0],
        ]),
      },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().reason).toBe(UNIT_GEOMETRY_REASONS.noArea);
    expect((await get(unit.id)).json().config.geometry).toEqual(polygon());
  });

  it('accepts a unit without a polygon (one made on the Zones screen) and removes one with null', async () => {
    const unit = await newUnit('Storage', { state: 'active' });
    const res = await put(unit.id, { config: { geometry: null } });
    expect(res.statusCode).toBe(200);
    expect(res.json().config).toEqual({ state: 'active' });
  });
});

describe('deactivating a unit deactivates the areas within (SPEC §4, §5)', () => {
  it('makes every area within inactive, audited, and leaves them on reactivation', async () => {
    const unit = await newUnit('Day Surgery');
    const areas = await Promise.all(
      ['Bay 1', 'Bay 2'].map(async (name) => {
        const res = await post({ name, level: 'area', parent: unit.id, config: { state: 'active' } });
        return (res.json() as { id: string }).id;
      }),
    );
    const off = await put(unit.id, { config: { state: 'inactive' } });
    expect(off.statusCode).toBe(200);
    expect(off.json().config.state).toBe('inactive');
    for (const id of areas) {
      expect((await get(id)).json().config.state).toBe('inactive');
      const audits = await app.db.select().from(auditLog).where(eq(auditLog.entityId, id));
      expect(audits.map((a) => a.action)).toContain('update');
    }
    const on = await put(unit.id, { config: { state: 'active' } });
    expect(on.json().config.state).toBe('active');
    expect((await get(areas[0]!)).json().config.state).toBe('inactive');
  });

  it('leaves the areas of other units alone', async () => {
    const ward = await zoneIdByName(app, 'Ward 3');
    const room = await zoneIdByName(app, 'Room 210');
    expect((await put(ward, { config: { state: 'inactive' } })).statusCode).toBe(200);
    expect((await get(await zoneIdByName(app, 'Room 201'))).json().config.state).toBe('inactive');
    expect((await get(room)).json().config.state).toBe('active');
  });
});
