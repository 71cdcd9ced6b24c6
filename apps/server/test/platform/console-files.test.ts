import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app';
import { manifestOf } from '../../src/consoles/manifest';
import { getTestApp, testConfig } from '../helpers/app';

// The built console as the server serves it: its files, and index.html for every console route,
// but a 404 for a file that is not there. The shared test app serves no console, so this one serves
// a copy of the console's public files and its index.html (with the icon links a build keeps).
const consoleSrc = path.resolve(import.meta.dirname, '../../../console');

let app: FastifyInstance;
let dir: string;

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vigil-console-'));
  fs.cpSync(path.join(consoleSrc, 'public'), dir, { recursive: true });
  fs.copyFileSync(path.join(consoleSrc, 'index.html'), path.join(dir, 'index.html'));
  const shared = await getTestApp();
  app = await buildApp(testConfig({ consoleDir: dir }), {
    database: shared.database,
    ownsDatabase: false,
    logger: false,
    jobs: false,
    escalation: false,
  });
  await app.ready();
});
afterAll(async () => {
  await app?.close();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

const get = (url: string) => app.inject({ url });

describe('the console’s icons', () => {
  it('serves /favicon.ico as an icon: an ICO of PNG images', async () => {
    const res = await get('/favicon.ico');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^image\/(x-icon|vnd\.microsoft\.icon)/);
    const ico = res.rawPayload;
    // ICONDIR: reserved 0, type 1 (icon), then its images; each entry points at a PNG.
    expect([ico.readUInt16LE(0), ico.readUInt16LE(2)]).toEqual([0, 1]);
    const count = ico.readUInt16LE(4);
    expect(count).toBeGreaterThan(0);
    for (let i = 0; i < count; i++) {
      const offset = ico.readUInt32LE(6 + 16 * i + 12);
      expect(ico.subarray(offset, offset + 8).toString('hex')).toBe('89504e470d0a1a0a');
    }
  });

  it('serves every icon index.html links and the manifest lists', async () => {
    const html = fs.readFileSync(path.join(dir, 'index.html'), 'utf8');
    const linked = [...html.matchAll(/<link rel="(?:icon|apple-touch-icon)" href="([^"]+)"/g)].map(
      (m) => m[1],
    );
    expect(linked).toEqual(['/favicon.ico', '/favicon.svg', '/icons/icon-192.png']);
    const listed = manifestOf(undefined).icons.map((icon) => icon.src);
    for (const src of [...linked, ...listed]) {
      const res = await get(src!);
      expect(res.statusCode, src).toBe(200);
      expect(res.headers['content-type'], src).toMatch(/^image\//);
    }
  });
});

describe('the SPA fallback', () => {
  it.each(['/tags', '/tag/c0ffee000001', '/alerts', '/no-such-screen', '/link/a/one.two', '/assets/a55e7'])(
    'answers index.html for %s',
    async (url) => {
      const res = await get(url);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.body).toContain('<div id="root">');
    },
  );

  it.each(['/missing.js', '/favicon.png', '/assets/index-0ld.js', '/icons/icon-64.png'])(
    'answers 404, not HTML, for the missing file %s',
    async (url) => {
      const res = await get(url);
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.json()).toMatchObject({ code: 'not_found' });
    },
  );

  it('answers 404 for an unknown API path', async () => {
    const res = await get('/api/no-such-thing');
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
  });
});
