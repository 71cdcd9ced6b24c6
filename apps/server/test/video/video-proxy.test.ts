import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app';
import { gateways, zones } from '../../src/db/schema';
import { signToken } from '../../src/platform/crypto';
import { getTestApp, signIn, testConfig } from '../helpers/app';
import { freshMac, freshTag, placedUser, pressForAlert, zoneByName } from '../helpers/alerts';
import { cameraFrame, startMjpegCamera, type CameraPeer } from '../helpers/notify-peers';

// Issue 16: GET /api/video/proxy/{token} asks the camera with its credentials and passes its answer
// through, so the browser never sees the camera's address nor its credentials. A stream never ends,
// so these tests read it from a listening instance on the shared database (inject would wait for the
// end), then hang up, as a browser leaving the alert does.

type Headers = Record<string, string>;

let app: FastifyInstance;
let server: FastifyInstance;
let base: string;
let floor2: typeof zones.$inferSelect;
let editor: Headers;
let viewer: Headers;
let camera: CameraPeer;
const USER = 'viewer';
const PASSWORD = 'n0t-for-browsers';
const AT = { lat: 40.76, lng: -73.97 };
let point = 0;

/** A camera marker on Floor 2 a metre further from AT each time, with this stream source. */
async function cameraWith(source: object): Promise<string> {
  const room = await zoneByName(app, 'Room 202');
  const made = await app.inject({
    method: 'POST',
    url: '/api/markers',
    headers: editor,
    payload: {
      location: room.id,
      coordinates: { lat: AT.lat + ++point / 111_195, lng: AT.lng },
      camera: { id: `cam-${point}`, name: `Camera ${point}` },
    },
  });
  expect(made.statusCode, made.body).toBe(200);
  const id = (made.json() as { id: string }).id;
  const put = await app.inject({
    method: 'PUT',
    url: `/api/markers/${id}/stream`,
    headers: editor,
    payload: source,
  });
  expect(put.statusCode, put.body).toBe(200);
  return id;
}

/** The proxy URL GET video/streams answers for a camera near an alert at AT. */
async function proxyUrlOf(markerId: string): Promise<string> {
  const res = await app.inject({ url: `/api/video/streams/${alertId}`, headers: viewer });
  expect(res.statusCode, res.body).toBe(200);
  const stream = (res.json() as { streams: { id: string; url: string }[] }).streams.find(
    (s) => s.id === markerId,
  );
  expect(stream, res.body).toBeDefined();
  return stream!.url;
}

let alertId: string;

/** A local server with one handler, on 127.0.0.1. */
async function listen(handler: http.RequestListener): Promise<{ origin: string; close(): Promise<void> }> {
  const peer = http.createServer(handler);
  await new Promise<void>((resolve) => peer.listen(0, '127.0.0.1', resolve));
  const { port } = peer.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    close: () => {
      peer.closeAllConnections();
      return new Promise((resolve) => peer.close(() => resolve()));
    },
  };
}

/** GETs a URL of the listening instance, as a browser's <img> does. */
function open(url: string): Promise<http.IncomingMessage> {
  return new Promise((resolve, reject) => http.get(`${base}${url}`, resolve).on('error', reject));
}

/** Reads a response body until `enough` says so, then hangs up, as a browser leaving the page does. */
async function readUntil(res: http.IncomingMessage, enough: (bytes: Buffer) => boolean): Promise<Buffer> {
  let bytes = Buffer.alloc(0);
  for await (const chunk of res) {
    bytes = Buffer.concat([bytes, chunk as Buffer]);
    if (enough(bytes)) break;
  }
  res.destroy();
  return bytes;
}

const count = (bytes: Buffer, what: Buffer) => {
  let n = 0;
  for (let at = bytes.indexOf(what); at !== -1; at = bytes.indexOf(what, at + 1)) n++;
  return n;
};

beforeAll(async () => {
  app = await getTestApp();
  server = await buildApp(testConfig(), {
    database: app.database,
    ownsDatabase: false,
    logger: false,
    jobs: false,
    escalation: false,
  });
  base = await server.listen({ port: 0, host: '127.0.0.1' });
  camera = await startMjpegCamera({ user: USER, password: PASSWORD });

  floor2 = await zoneByName(app, 'Floor 2');
  const featureFlags = { ...(floor2.config.featureFlags as object | undefined), video: true };
  await app.db
    .update(zones)
    .set({ config: { ...floor2.config, featureFlags } })
    .where(eq(zones.id, floor2.id));
  editor = (await signIn(app, await placedUser(app, { zone: 'Floor 2', role: 'admin' }))).headers;
  viewer = (await signIn(app, await placedUser(app, { zone: 'Floor 2', role: 'security' }))).headers;

  const org = await zoneByName(app, 'Demo Hospital');
  const room = await zoneByName(app, 'Room 202');
  const gateway = freshMac();
  await app.db.insert(gateways).values({
    id: gateway,
    orgId: org.id,
    zoneId: room.id,
    config: {
      state: 'deployed',
      location: room.id,
      category: 'outdoor',
      logistics: { sku: 'GW2' },
      coordinates: AT,
    },
    state: { status: 'connected', updatedAt: new Date().toISOString() },
  });
  alertId = await pressForAlert(app, await freshTag(app, 'Room 202'), { gateway });
});

afterAll(async () => {
  await server?.close();
  await camera?.close();
  if (floor2) await app.db.update(zones).set({ config: floor2.config }).where(eq(zones.id, floor2.id));
});

describe('GET /api/video/proxy/{token}', () => {
  it('streams the MJPEG camera’s frames, asked with its credentials, without sign-in', async () => {
    const marker = await cameraWith({
      kind: 'mjpeg',
      url: camera.streamUrl,
      username: USER,
      password: PASSWORD,
    });
    const url = await proxyUrlOf(marker);
    const res = await open(url);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('multipart/x-mixed-replace; boundary=frame');
    expect(res.headers['cache-control']).toBe('no-store');
    const frame = await cameraFrame();
    const bytes = await readUntil(res, (b) => count(b, frame) >= 2);
    expect(count(bytes, frame)).toBeGreaterThanOrEqual(2);
    expect(bytes.includes(Buffer.from('--frame\r\nContent-Type: image/jpeg'))).toBe(true);
    // The camera (which wants Basic auth) was asked with the stored credentials.
    expect(camera.received.at(-1)).toEqual({ path: '/stream', user: USER });
  });

  it('lets the camera go when the browser hangs up', async () => {
    let hungUp!: () => void;
    const released = new Promise<void>((resolve) => (hungUp = resolve));
    const upstream = await listen((req, res) => {
      res.writeHead(200, { 'content-type': 'multipart/x-mixed-replace; boundary=b' });
      res.write('--b\r\nContent-Type: text/plain\r\n\r\nfirst\r\n');
      res.on('close', hungUp);
    });
    try {
      const marker = await cameraWith({ kind: 'mjpeg', url: `${upstream.origin}/endless` });
      const res = await open(await proxyUrlOf(marker));
      await readUntil(res, (b) => b.includes('first'));
      await released;
    } finally {
      await upstream.close();
    }
  });

  it('refuses an expired or forged link with 403 and a reason', async () => {
    const marker = await cameraWith({
      kind: 'mjpeg',
      url: camera.streamUrl,
      username: USER,
      password: PASSWORD,
    });
    const attempts = camera.attempts();
    const expired = signToken({ typ: 'video', m: marker, exp: Date.now() - 1 }, app.tokenSecret);
    const late = await app.inject({ url: `/api/video/proxy/${expired}` });
    expect(late.statusCode).toBe(403);
    expect(late.json().reason).toMatch(/expired/);

    const url = await proxyUrlOf(marker);
    const [body, mac] = url.slice('/api/video/proxy/'.length).split('.');
    const payload = JSON.parse(Buffer.from(body!, 'base64url').toString()) as object;
    const longer = Buffer.from(JSON.stringify({ ...payload, exp: Date.now() + 86_400_000 })).toString(
      'base64url',
    );
    for (const token of [
      `${longer}.${mac}`,
      'nonsense',
      signToken({ typ: 'file', p: 'x', exp: 9e15 }, app.tokenSecret),
    ]) {
      const res = await app.inject({ url: `/api/video/proxy/${token}` });
      expect(res.statusCode, token).toBe(403);
      expect(res.json().reason).toBe('This video link is not valid');
    }
    expect(camera.attempts()).toBe(attempts);
  });

  it('answers 502, never 500, for a camera that is down, refuses us or cannot be reached', async () => {
    const good = await cameraWith({
      kind: 'mjpeg',
      url: camera.streamUrl,
      username: USER,
      password: PASSWORD,
    });
    const wrong = await cameraWith({
      kind: 'mjpeg',
      url: camera.streamUrl,
      username: USER,
      password: 'wrong',
    });
    const gone = await listen(() => undefined);
    const unreachableUrl = `${gone.origin}/stream`;
    await gone.close();
    const unreachable = await cameraWith({ kind: 'mjpeg', url: unreachableUrl });
    const urls = {
      good: await proxyUrlOf(good),
      wrong: await proxyUrlOf(wrong),
      unreachable: await proxyUrlOf(unreachable),
    };

    camera.setMode('down');
    try {
      const down = await app.inject({ url: urls.good });
      expect(down.statusCode).toBe(502);
      expect(down.json().reason).toBe('The camera answered 503 instead of its stream');
    } finally {
      camera.setMode('ok');
    }
    const refused = await app.inject({ url: urls.wrong });
    expect(refused.statusCode).toBe(502);
    expect(refused.json().reason).toBe('The camera refused our credentials');
    const silent = await app.inject({ url: urls.unreachable });
    expect(silent.statusCode).toBe(502);
    expect(silent.json().reason).toBe('The camera cannot be reached');
    for (const res of [refused, silent]) {
      expect(res.body).not.toContain('127.0.0.1');
      expect(res.body).not.toContain(PASSWORD);
    }
  });

  it('rewrites an HLS playlist so its segments are proxy URLs too, never the camera’s address', async () => {
    const segment = Buffer.from('segment-bytes');
    const asked: string[] = [];
    const hls = await listen((req, res) => {
      const expected = `Basic ${Buffer.from(`${USER}:${PASSWORD}`).toString('base64')}`;
      if (req.headers.authorization !== expected) return void res.writeHead(401).end();
      asked.push(req.url ?? '');
      if (req.url === '/live/index.m3u8') {
        res.writeHead(200, { 'content-type': 'application/vnd.apple.mpegurl' });
        return void res.end(
          [
            '#EXTM3U',
            '#EXT-X-TARGETDURATION:2',
            '#EXT-X-KEY:METHOD=AES-128,URI="key.bin"',
            '#EXTINF:2.0,',
            'seg1.ts',
            '#EXTINF:2.0,',
            `${origin}/live/seg2.ts?token=abc`,
            '#EXTINF:2.0,',
            'http://elsewhere.invalid/seg3.ts',
            '',
          ].join('\n'),
        );
      }
      res.writeHead(200, { 'content-type': 'video/mp2t' });
      res.end(segment);
    });
    const origin = hls.origin;
    try {
      const marker = await cameraWith({
        kind: 'hls',
        url: `${origin}/live/index.m3u8`,
        username: USER,
        password: PASSWORD,
      });
      const playlist = await app.inject({ url: await proxyUrlOf(marker) });
      expect(playlist.statusCode, playlist.body).toBe(200);
      expect(playlist.headers['content-type']).toMatch(/^application\/vnd\.apple\.mpegurl/);
      expect(playlist.body).not.toContain('127.0.0.1');
      expect(playlist.body).not.toContain('elsewhere.invalid');
      const lines = playlist.body.split('\n');
      expect(lines[0]).toBe('#EXTM3U');
      const key = /URI="([^"]+)"/.exec(playlist.body)![1]!;
      const segments = lines.filter((line) => line.startsWith('/api/video/proxy/'));
      expect(segments).toHaveLength(2);

      for (const url of [key, ...segments]) {
        expect(url).toMatch(/^\/api\/video\/proxy\//);
        const res = await app.inject({ url });
        expect(res.statusCode).toBe(200);
        expect(res.headers['content-type']).toBe('video/mp2t');
        expect(res.rawPayload.equals(segment)).toBe(true);
      }
      expect(asked).toEqual([
        '/live/index.m3u8',
        '/live/key.bin',
        '/live/seg1.ts',
        '/live/seg2.ts?token=abc',
      ]);
    } finally {
      await hls.close();
    }
  });
});
