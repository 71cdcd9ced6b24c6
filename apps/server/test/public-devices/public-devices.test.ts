import { beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { PUBLIC_DEVICE_RATE_LIMIT } from '../../src/public-devices/routes';
import { getTestApp } from '../helpers/app';
import { freshTag } from '../helpers/alerts';

let app: FastifyInstance;

beforeAll(async () => {
  app = await getTestApp();
});

/** No slug, domain or credentials: what a finder's phone sends. */
const lookUp = (id: string, remoteAddress = '127.0.0.1') =>
  app.inject({ url: `/api/public/devices/${encodeURIComponent(id)}`, remoteAddress });

const NOT_FOUND = { reason: 'Device not found', code: 'not_found' };
const DEMO_CONTACT = { name: 'Demo Hospital Security', email: 'security@demo.example', phone: '+1 555 0100' };

describe('GET /api/public/devices/{id} (SPEC §2.1 public device page)', () => {
  it('tells a finder a tag’s kind, its organisation and the return contact, and nothing else', async () => {
    const res = await lookUp('c0ffee000001');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      id: 'c0ffee000001',
      kind: 'tag',
      sku: 'TAG5',
      organisation: { name: 'Demo Hospital' },
      contact: DEMO_CONTACT,
    });
    // The seeded owner, personId, label, location and state never appear.
    for (const secret of ['Alex Rivera', 'P-1000', 'Badge 1', 'ED Room', 'deployed', 'battery', 'firmware']) {
      expect(res.body).not.toContain(secret);
    }
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('answers a gateway the same way, for any spelling of its MAC', async () => {
    for (const id of ['b0a710000001', 'B0A710000001', 'b0:a7:10:00:00:01']) {
      const res = await lookUp(id);
      expect(res.json(), id).toEqual({
        id: 'b0a710000001',
        kind: 'gateway',
        sku: 'GW2',
        organisation: { name: 'Demo Hospital' },
        contact: DEMO_CONTACT,
      });
      expect(res.body).not.toMatch(/connected|Main Entrance|ED Room/);
    }
  });

  it('answers an organisation without a return contact with empty contact fields', async () => {
    const tag = await freshTag(app, 'Front Desk', { slug: 'acme', owner: 'Acme Owner' });
    const res = await lookUp(tag);
    expect(res.json()).toMatchObject({
      kind: 'tag',
      organisation: { name: 'Acme Clinic' },
      contact: { name: null, email: null, phone: null },
    });
    expect(res.body).not.toContain('Acme Owner');
  });

  it.each([
    ['an unknown MAC', 'c0ffeeffffff'],
    ['too short', 'c0ffee00001'],
    ['not hex', 'zzzzzzzzzzzz'],
    ['SQL', "c0ffee000001' or '1'='1"],
    ['a path', '..%2F..%2Fetc'],
    ['very long', 'a'.repeat(500)],
  ])('answers %s with the same 404', async (_name, id) => {
    const res = await lookUp(id);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual(NOT_FOUND);
  });

  it('needs no headers and ignores credentials', async () => {
    const res = await app.inject({
      url: '/api/public/devices/c0ffee000002',
      headers: { authorization: 'Bearer nonsense', slug: 'acme' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().organisation).toEqual({ name: 'Demo Hospital' });
  });

  it(`slows down an address past ${PUBLIC_DEVICE_RATE_LIMIT} lookups a minute, and no other`, async () => {
    const walker = '203.0.113.7';
    for (let i = 0; i < PUBLIC_DEVICE_RATE_LIMIT; i++) {
      expect((await lookUp(`c0ffee${String(i).padStart(6, '0')}`, walker)).statusCode).not.toBe(429);
    }
    const refused = await lookUp('c0ffee000001', walker);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({
      code: 'rate_limited',
      reason: expect.stringMatching(/^Too many requests/),
    });
    expect((await lookUp('c0ffee000001', '203.0.113.8')).statusCode).toBe(200);
  });
});
