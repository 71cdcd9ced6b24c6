import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { CAMERA_URL_HAS_CREDENTIALS, VIDEO_URL_TTL_MS } from '@vigil/domain';
import { auditLog, cameraStreams, gateways, markers, zones } from '../../src/db/schema';
import { getTestApp, signIn } from '../helpers/app';
import { customRole, freshMac, freshTag, placedUser, pressForAlert, zoneByName } from '../helpers/alerts';

// Issue 16 'Camera video on an alert' (SPEC §3 Video stream, Marker camera; §7 GET video/streams):
// a camera marker's stream source, kept on the server with its credentials, and the cameras near an
// alert as short-lived URLs of our proxy, nearest first. The video flag is on for Floor 2 only, so
// users placed there have it and the demo admin (at the organisation) does not.

type Headers = Record<string, string>;
type Json = Record<string, unknown>;

let app: FastifyInstance;
let floor2: typeof zones.$inferSelect;
let editor: Headers; // an admin placed on Floor 2: may edit cameras
let viewer: Headers; // security on Floor 2: reads Video and FloorPlan, writes neither
let demoAdmin: Headers; // an admin without the video flag
let acme: Headers;

/** Where the alert's gateway is placed on Floor 2 (indoor: a 16 m coverage radius, SPEC §9). */
const AT = { lat: 40.75, lng: -73.98 };
/** A point `north` and `east` metres from AT. */
const off = (north: number, east = 0) => ({
  lat: AT.lat + north / 111_195,
  lng: AT.lng + east / (111_195 * Math.cos((AT.lat * Math.PI) / 180)),
});
const PASSWORD = 'n0t-for-browsers';

const send = (method: 'GET' | 'PUT' | 'DELETE' | 'POST', url: string, headers: Headers, payload?: object) =>
  app.inject({ method, url, headers, ...(payload ? { payload } : {}) });

/** A camera marker made through the API by the editor, in Room 201 at `point`. */
async function cameraAt(name: string, point: { lat: number; lng: number }): Promise<string> {
  const room = await zoneByName(app, 'Room 201');
  const res = await send('POST', '/api/markers', editor, {
    location: room.id,
    coordinates: point,
    camera: { id: `cam-${name}`, name },
  });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as Json).id as string;
}

function putStream(id: string, body: object, headers = editor) {
  return send('PUT', `/api/markers/${id}/stream`, headers, body);
}

/** A gateway of the demo organisation in Room 201, placed at AT. */
async function placedGateway(): Promise<string> {
  const org = await zoneByName(app, 'Demo Hospital');
  const room = await zoneByName(app, 'Room 201');
  const id = freshMac();
  await app.db.insert(gateways).values({
    id,
    orgId: org.id,
    zoneId: room.id,
    config: {
      state: 'deployed',
      location: room.id,
      category: 'indoor',
      logistics: { sku: 'GW2' },
      coordinates: AT,
    },
    state: { status: 'connected', updatedAt: new Date().toISOString() },
  });
  return id;
}

/** Runs `check` with the video flag on for the whole Acme organisation. */
async function withAcmeVideo(check: () => Promise<void>): Promise<void> {
  const org = await zoneByName(app, 'Acme Clinic', 'acme');
  const featureFlags = { ...(org.config.featureFlags as object | undefined), video: true };
  await app.db
    .update(zones)
    .set({ config: { ...org.config, featureFlags } })
    .where(eq(zones.id, org.id));
  try {
    await check();
  } finally {
    await app.db.update(zones).set({ config: org.config }).where(eq(zones.id, org.id));
  }
}

beforeAll(async () => {
  app = await getTestApp();
  floor2 = await zoneByName(app, 'Floor 2');
  const featureFlags = { ...(floor2.config.featureFlags as object | undefined), video: true };
  await app.db
    .update(zones)
    .set({ config: { ...floor2.config, featureFlags } })
    .where(eq(zones.id, floor2.id));
  editor = (await signIn(app, await placedUser(app, { zone: 'Floor 2', role: 'admin' }))).headers;
  viewer = (await signIn(app, await placedUser(app, { zone: 'Floor 2', role: 'security' }))).headers;
  demoAdmin = (await signIn(app, 'admin@demo.example')).headers;
  acme = (await signIn(app, 'admin@acme.example', 'acme')).headers;
});

afterAll(async () => {
  await app.db.update(zones).set({ config: floor2.config }).where(eq(zones.id, floor2.id));
});

describe('a camera marker’s stream source (GET/PUT/DELETE /api/markers/{id}/stream)', () => {
  it('keeps the password on the server, encrypted, and answers only whether one is set', async () => {
    const id = await cameraAt('Source', off(100));
    expect((await send('GET', `/api/markers/${id}/stream`, editor)).json()).toBeNull();

    const put = await putStream(id, {
      kind: 'mjpeg',
      url: 'http://10.1.2.3/video.mjpg',
      username: 'viewer',
      password: PASSWORD,
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json()).toEqual({
      markerId: id,
      kind: 'mjpeg',
      url: 'http://10.1.2.3/video.mjpg',
      username: 'viewer',
      passwordSet: true,
      updatedAt: expect.any(String),
    });
    const read = await send('GET', `/api/markers/${id}/stream`, viewer);
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual(put.json());
    expect(read.body).not.toContain(PASSWORD);

    const [row] = await app.db.select().from(cameraStreams).where(eq(cameraStreams.markerId, id));
    expect(row!.passwordEnc).toMatch(/^v1\./);
    expect(row!.passwordEnc).not.toContain(PASSWORD);

    // Without a password the stored one stays; an empty one removes it.
    const kept = await putStream(id, { kind: 'hls', url: 'http://10.1.2.3/live.m3u8', username: 'viewer' });
    expect(kept.json()).toMatchObject({ kind: 'hls', passwordSet: true });
    const [same] = await app.db.select().from(cameraStreams).where(eq(cameraStreams.markerId, id));
    expect(same!.passwordEnc).toBe(row!.passwordEnc);
    const cleared = await putStream(id, { kind: 'hls', url: 'http://10.1.2.3/live.m3u8', password: '' });
    expect(cleared.json()).toMatchObject({ username: null, passwordSet: false });

    // Every write is audited, without the password.
    const audit = await app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'camera_stream'), eq(auditLog.entityId, id)));
    expect(audit.map((entry) => entry.action)).toEqual(['create', 'update', 'update']);
    expect(JSON.stringify(audit)).not.toContain(PASSWORD);

    const removed = await send('DELETE', `/api/markers/${id}/stream`, editor);
    expect(removed.statusCode).toBe(204);
    expect((await send('GET', `/api/markers/${id}/stream`, editor)).json()).toBeNull();
    expect((await send('DELETE', `/api/markers/${id}/stream`, editor)).statusCode).toBe(404);
  });

  it('is written by camera editors only: update Video and FloorPlan with the video flag', async () => {
    const id = await cameraAt('Guarded', off(110));
    const body = { kind: 'mjpeg', url: 'http://10.1.2.3/video.mjpg' };
    expect((await putStream(id, body, viewer)).statusCode).toBe(403); // security: read Video only
    const noFlag = await putStream(id, body, demoAdmin);
    expect(noFlag.statusCode).toBe(403);
    expect(noFlag.json().reason).toMatch(/video feature/);
    expect((await send('DELETE', `/api/markers/${id}/stream`, viewer)).statusCode).toBe(403);
    // Reading needs read Video and read FloorPlan, not the flag.
    expect((await send('GET', `/api/markers/${id}/stream`, demoAdmin)).statusCode).toBe(200);
    const role = await customRole(app, [{ action: ['list', 'read'], subject: ['Video', 'Zone'] }]);
    const videoOnly = (await signIn(app, await placedUser(app, { zone: 'Floor 2', role }))).headers;
    expect((await send('GET', `/api/markers/${id}/stream`, videoOnly)).statusCode).toBe(403);
    const noAccess = (await signIn(app, 'noaccess@demo.example')).headers;
    expect((await send('GET', `/api/markers/${id}/stream`, noAccess)).statusCode).toBe(403);
    expect(await app.db.select().from(cameraStreams).where(eq(cameraStreams.markerId, id))).toEqual([]);
  });

  it('belongs to a camera marker of the caller’s scope, with an address free of credentials', async () => {
    const id = await cameraAt('Checked', off(120));
    const room = await zoneByName(app, 'Room 201');
    const plain = await send('POST', '/api/markers', editor, { location: room.id, coordinates: off(121) });
    const notCamera = await putStream((plain.json() as Json).id as string, {
      kind: 'mjpeg',
      url: 'http://10.1.2.3/video.mjpg',
    });
    expect(notCamera.statusCode).toBe(400);
    expect(notCamera.json().reason).toMatch(/not a camera/);

    const withCredentials = await putStream(id, {
      kind: 'mjpeg',
      url: 'http://admin:pw@10.1.2.3/video.mjpg',
    });
    expect(withCredentials.statusCode).toBe(400);
    expect(withCredentials.json().reason).toContain(CAMERA_URL_HAS_CREDENTIALS);
    expect((await putStream(id, { kind: 'rtsp', url: 'http://10.1.2.3/' })).statusCode).toBe(400);

    // Another organisation's camera, or none at all, is not found.
    await withAcmeVideo(async () => {
      expect((await putStream(id, { kind: 'mjpeg', url: 'http://10.1.2.3/v' }, acme)).statusCode).toBe(404);
      expect((await send('GET', `/api/markers/${id}/stream`, acme)).statusCode).toBe(404);
    });
    const unknown = '00000000-0000-4000-8000-000000000000';
    expect((await send('GET', `/api/markers/${unknown}/stream`, editor)).statusCode).toBe(404);
    expect((await send('GET', '/api/markers/nope/stream', editor)).statusCode).toBe(404);
  });
});

describe('GET /api/video/streams/{alertId}: the cameras near an alert', () => {
  let alertId: string;
  const named: Record<string, string> = {};

  beforeAll(async () => {
    // Made out of order: the answer is ordered by distance, not by age.
    for (const [name, point] of [
      ['Twelve metres', off(12)],
      ['Five metres', off(3, 4)],
      ['Twenty metres', off(20)],
      ['Two metres', off(0, 2)],
    ] as const) {
      named[name] = await cameraAt(name, point);
      const put = await putStream(named[name]!, {
        kind: name === 'Five metres' ? 'hls' : 'mjpeg',
        url: `http://10.9.9.9/${encodeURIComponent(name)}`,
        username: 'viewer',
        password: PASSWORD,
      });
      expect(put.statusCode, put.body).toBe(200);
    }
    // A camera without a stream, however near, shows nothing.
    named['No stream'] = await cameraAt('No stream', off(1));
    // A camera of Floor 1 right under the alert's point is on another floor.
    const [floor1Camera] = await app.db
      .insert(markers)
      .values({
        orgId: floor2.path[1]!,
        zoneId: (await zoneByName(app, 'ED Room 101')).id,
        ...off(0.5),
        camera: { id: 'cam-floor-1', name: 'Floor 1 camera' },
      })
      .returning();
    await app.db.insert(cameraStreams).values({
      markerId: floor1Camera!.id,
      orgId: floor1Camera!.orgId,
      kind: 'mjpeg',
      url: 'http://10.9.9.9/floor-1',
    });
    alertId = await pressForAlert(app, await freshTag(app, 'Room 201'), { gateway: await placedGateway() });
  });

  it('answers the cameras with a stream on the alert’s floor within its radius, nearest first', async () => {
    const before = Date.now();
    const res = await send('GET', `/api/video/streams/${alertId}`, viewer);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as { streams: Json[]; expiresAt: string };
    expect(body.streams.map((s) => s.name)).toEqual(['Two metres', 'Five metres', 'Twelve metres']);
    expect(body.streams[1]).toEqual({
      id: named['Five metres'],
      cameraId: 'cam-Five metres',
      name: 'Five metres',
      kind: 'hls',
      url: expect.stringMatching(/^\/api\/video\/proxy\/[\w-]+\.[\w-]+$/),
      distanceM: expect.closeTo(5, 1),
    });
    const expiresAt = Date.parse(body.expiresAt);
    expect(expiresAt).toBeGreaterThanOrEqual(before + VIDEO_URL_TTL_MS);
    expect(expiresAt).toBeLessThanOrEqual(Date.now() + VIDEO_URL_TTL_MS);
    // Nothing of the cameras' addresses or credentials reaches the browser.
    expect(res.body).not.toContain('10.9.9.9');
    expect(res.body).not.toContain(PASSWORD);
    expect(res.body).not.toContain('viewer');
  });

  it('needs read Video and the video flag', async () => {
    const noFlag = await send('GET', `/api/video/streams/${alertId}`, demoAdmin);
    expect(noFlag.statusCode).toBe(403);
    expect(noFlag.json().code).toBe('feature_off');
    const role = await customRole(app, [
      { action: ['list', 'read'], subject: ['Alert', 'FloorPlan', 'Zone'] },
    ]);
    const noVideo = (await signIn(app, await placedUser(app, { zone: 'Floor 2', role }))).headers;
    const refused = await send('GET', `/api/video/streams/${alertId}`, noVideo);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().reason).toBe('Not allowed to read Video');
  });

  it('never answers another organisation’s alert, nor one outside the caller’s zones', async () => {
    await withAcmeVideo(async () => {
      expect((await send('GET', `/api/video/streams/${alertId}`, acme)).statusCode).toBe(404);
    });
    // An alert of Floor 1 is outside a Floor 2 user's zones.
    const floor1Alert = await pressForAlert(app, await freshTag(app, 'ED Room 101'));
    expect((await send('GET', `/api/video/streams/${floor1Alert}`, viewer)).statusCode).toBe(404);
  });

  it('answers no streams for an alert heard by a gateway that is not placed on a floor plan', async () => {
    // The demo gateway has no coordinates.
    const unplaced = await pressForAlert(app, await freshTag(app, 'Room 202'));
    const res = await send('GET', `/api/video/streams/${unplaced}`, viewer);
    expect(res.statusCode).toBe(200);
    expect(res.json().streams).toEqual([]);
  });
});
