import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app';
import { loadConfig } from '../../src/platform/config';
import { DEMO_HEADERS, getTestApp, signIn, testConfig } from '../helpers/app';
import { peerTile, startMapPeers, type MapPeers } from '../helpers/map-peers';

// Issue 15 "The map, air-gapped": the street/satellite tiles and the US address search are proxied
// from a deployment's providers, here real local peers on 127.0.0.1.

let peers: MapPeers;
let plain: FastifyInstance;
let mapped: FastifyInstance;
let down: FastifyInstance;
let admin: Record<string, string>;
let signature: string;

/** Another instance on the shared test database, with the map settings of `env`. */
async function appWith(env: Record<string, string>): Promise<FastifyInstance> {
  const settings = loadConfig(env);
  const config = testConfig({
    mapTilesUrl: settings.mapTilesUrl,
    mapSatelliteUrl: settings.mapSatelliteUrl,
    geocoderUrl: settings.geocoderUrl,
  });
  const app = await buildApp(config, {
    database: plain.database,
    ownsDatabase: false,
    logger: false,
    jobs: false,
    escalation: false,
  });
  await app.ready();
  return app;
}

/** A port nothing listens on: taken, then given back. */
async function closedPort(): Promise<number> {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

beforeAll(async () => {
  plain = await getTestApp();
  peers = await startMapPeers();
  mapped = await appWith(peers.env);
  const dead = `http://127.0.0.1:${await closedPort()}`;
  down = await appWith({
    MAP_TILES_URL: `${dead}/streets/{z}/{x}/{y}.png`,
    MAP_SATELLITE_URL: `${dead}/satellite/{z}/{x}/{y}.png`,
    GEOCODER_URL: dead,
  });
  admin = (await signIn(plain, 'admin@demo.example')).headers;
  const signed = await plain.inject({ method: 'GET', url: '/api/storage/signature/images', headers: admin });
  signature = (signed.json() as { signature: string }).signature;
});

afterAll(async () => {
  await mapped?.close();
  await down?.close();
  await peers?.close();
});

const tile = (app: FastifyInstance, path: string, sig: string | null = signature) =>
  app.inject({ method: 'GET', url: `/api/map/tiles/${path}${sig === null ? '' : `?signature=${sig}`}` });
const search = (app: FastifyInstance, q: string, headers = admin) =>
  app.inject({ method: 'GET', url: `/api/map/geocode?q=${encodeURIComponent(q)}`, headers });

describe('GET /api/map/config', () => {
  it('says which layers and search the deployment configured', async () => {
    const get = (app: FastifyInstance) =>
      app.inject({ method: 'GET', url: '/api/map/config', headers: admin });
    expect((await get(mapped)).json()).toEqual({ streets: true, satellite: true, search: true });
    expect((await get(plain)).json()).toEqual({ streets: false, satellite: false, search: false });
  });

  it('needs a signed-in user who may read floor plans', async () => {
    const anonymous = await mapped.inject({ method: 'GET', url: '/api/map/config', headers: DEMO_HEADERS });
    expect(anonymous.statusCode).toBe(401);
    const noAccess = (await signIn(plain, 'noaccess@demo.example')).headers;
    const refused = await mapped.inject({ method: 'GET', url: '/api/map/config', headers: noAccess });
    expect(refused.statusCode).toBe(403);
  });
});

describe('GET /api/map/tiles/{layer}/{z}/{x}/{y}', () => {
  it("answers the provider's tile byte for byte, with a short cache", async () => {
    const before = peers.requests.length;
    for (const layer of ['satellite', 'streets'] as const) {
      const res = await tile(mapped, `${layer}/19/154394/197054`);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/png');
      expect(res.headers['cache-control']).toBe('private, max-age=600');
      expect(res.rawPayload.equals(peerTile(layer))).toBe(true);
    }
    expect(peers.requests.slice(before).map((u) => u.pathname)).toEqual([
      '/satellite/19/154394/197054.png',
      '/streets/19/154394/197054.png',
    ]);
  });

  it('says a layer is not configured (404 with the reason)', async () => {
    const res = await tile(plain, 'satellite/19/1/1');
    expect(res.statusCode).toBe(404);
    expect(res.json().reason).toBe('The satellite layer is not configured (MAP_SATELLITE_URL)');
    expect((await tile(plain, 'streets/19/1/1')).json().reason).toBe(
      'The street map layer is not configured (MAP_TILES_URL)',
    );
  });

  it.each([
    ['a zoom below 1', 'satellite/0/0/0', 'z'],
    ['a zoom above 22', 'satellite/23/0/0', 'z'],
    ['an x beyond the zoom', 'satellite/2/4/0', 'x'],
    ['a y beyond the zoom', 'satellite/2/0/4', 'y'],
    ['a negative x', 'satellite/2/-1/0', 'x'],
    ['a y that is no number', 'satellite/2/0/abc', 'y'],
    ['another layer', 'terrain/2/0/0', 'layer'],
  ])('refuses %s with 400', async (_, path, field) => {
    const res = await tile(mapped, path);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ field });
  });

  it('refuses a request without a valid image signature (401), before reading anything else', async () => {
    for (const sig of [null, 'forged', `${signature.slice(0, -2)}xx`]) {
      const res = await tile(mapped, 'satellite/19/1/1', sig);
      expect(res.statusCode).toBe(401);
      expect(res.json().reason).toMatch(/image signature is missing, invalid or expired/);
    }
    expect((await tile(mapped, 'satellite/99/1/1', null)).statusCode).toBe(401);
  });

  it('answers 502 with the reason when the provider is down, fails, or answers no image', async () => {
    const unreachable = await tile(down, 'satellite/19/1/1');
    expect(unreachable.statusCode).toBe(502);
    expect(unreachable.json().reason).toBe('The tile server could not be reached (ECONNREFUSED)');
    const cases = [
      ['error', 'The tile server answered 500'],
      ['html', 'The tile server did not answer an image (text/html)'],
      ['huge', 'The tile server answered more than 1 MB'],
    ] as const;
    try {
      for (const [mode, reason] of cases) {
        peers.tileMode = mode;
        const res = await tile(mapped, 'streets/19/1/1');
        expect({ mode, status: res.statusCode, reason: res.json().reason }).toEqual({
          mode,
          status: 502,
          reason,
        });
      }
    } finally {
      peers.tileMode = 'ok';
    }
  });

  it('passes a tile the provider does not have on as a 404 (the map ignores it, SPEC §8)', async () => {
    const app = await appWith({ MAP_SATELLITE_URL: `${peers.origin}/none/{z}/{x}/{y}.png` });
    try {
      const res = await tile(app, 'satellite/19/1/1');
      expect(res.statusCode).toBe(404);
      expect(res.json().reason).toBe('The tile server has no such tile');
    } finally {
      await app.close();
    }
  });
});

describe('GET /api/map/geocode', () => {
  it('asks the geocoder for US places only and answers names, points and bounds', async () => {
    const before = peers.requests.length;
    const res = await search(mapped, 'hospital');
    expect(res.statusCode).toBe(200);
    expect(res.json().results).toEqual([
      {
        name: 'Bellevue Hospital, 462, 1st Avenue, Manhattan, New York, 10016, United States',
        lat: 40.74205,
        lng: -73.9741,
        bounds: [-73.977, 40.74, -73.971, 40.744],
      },
      {
        name: 'Chicago General Hospital, Chicago, Illinois, United States',
        lat: 41.8781,
        lng: -87.6298,
      },
    ]);
    const [asked] = peers.requests.slice(before);
    expect(asked?.pathname).toBe('/search');
    expect(Object.fromEntries(asked!.searchParams)).toMatchObject({
      format: 'jsonv2',
      countrycodes: 'us',
      limit: '10',
      q: 'hospital',
    });
  });

  it('drops places outside the US even when a geocoder ignores countrycodes', async () => {
    const app = await appWith({ GEOCODER_URL: `${peers.origin}/any-country?key=secret` });
    try {
      const before = peers.requests.length;
      const names = (await search(app, 'hospital')).json().results.map((p: { name: string }) => p.name);
      expect(names).toHaveLength(2);
      expect(names.join()).not.toMatch(/Toronto/);
      // Its path gets /search, its own query (an API key) is kept.
      const asked = peers.requests[before]!;
      expect(asked.pathname).toBe('/any-country/search');
      expect(asked.searchParams.get('key')).toBe('secret');
    } finally {
      await app.close();
    }
  });

  it('says the search is not configured (404), refuses a bad query (400) and needs a reader (401, 403)', async () => {
    const unconfigured = await search(plain, 'main street');
    expect(unconfigured.statusCode).toBe(404);
    expect(unconfigured.json().reason).toBe('Address search is not configured (GEOCODER_URL)');
    expect((await search(mapped, '   ')).statusCode).toBe(400);
    expect((await search(mapped, 'x'.repeat(201))).statusCode).toBe(400);
    expect((await search(mapped, 'main', DEMO_HEADERS)).statusCode).toBe(401);
    const noAccess = (await signIn(plain, 'noaccess@demo.example')).headers;
    expect((await search(mapped, 'main', noAccess)).statusCode).toBe(403);
  });

  it('answers 502 with the reason when the geocoder is down', async () => {
    const res = await search(down, 'main street');
    expect(res.statusCode).toBe(502);
    expect(res.json().reason).toBe('The address search could not be reached (ECONNREFUSED)');
  });
});
