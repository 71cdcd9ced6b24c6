import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tileOf } from '@vigil/domain';
import { DEMO_PASSWORD } from '../../src/db/seed';
import {
  freshPostgresDatabase,
  killAllServers,
  postgresAnswers,
  startServer,
  type ServerProcess,
} from '../helpers/spawn';
import { corners, multipart, planImage, type PlanStatus } from './plan-helpers';
import { rectanglePdf } from './pdf-fixtures';

/**
 * Issue 15: 'three instances on PostgreSQL serving the same tiles'. Three `vigil serve` processes on
 * one PostgreSQL database and one DATA_DIR (DEPLOYMENT.md's shared volume): a plan uploaded and
 * tiled through the first is served, byte for byte, by the other two under their own signatures.
 * Runs when PostgreSQL answers (DATABASE_URL's server, else 127.0.0.1:5432), on a fresh database.
 */

// CI runs the suite twice, the second time with DATABASE_URL (.ci/run): this runs in that pass.
const pgUp = !(process.env.CI && !process.env.DATABASE_URL) && (await postgresAnswers());

let servers: ServerProcess[] = [];
let drop: (() => Promise<void>) | undefined;
let dataDir: string;
let headers: Record<string, string>;
let floor: string;

/** A port nobody listens on now (other test runs may share this machine). */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

async function floorId(url: string, name: string): Promise<string> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ id: string }>('select id from zones where name = $1', [name]);
    return rows[0]!.id;
  } finally {
    await client.end();
  }
}

async function signIn(server: ServerProcess): Promise<Record<string, string>> {
  const base = { slug: 'demo', domain: 'localhost' };
  const res = await fetch(`${server.url}/api/auth/password/demo`, {
    method: 'POST',
    headers: { ...base, 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin@demo.example', password: DEMO_PASSWORD }),
  });
  expect(res.status).toBe(200);
  const body = (await res.json()) as { access: { token: string } };
  return { ...base, authorization: `Bearer ${body.access.token}` };
}

async function call(server: ServerProcess, method: string, url: string, body?: object) {
  const res = await fetch(`${server.url}${url}`, {
    method,
    headers: body ? { ...headers, 'content-type': 'application/json' } : headers,
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await res.text();
  expect(res.status, `${method} ${url}: ${text}`).toBe(200);
  return JSON.parse(text) as Record<string, unknown>;
}

/** Polls the job on `server` each 100 ms until it stops running. */
async function finished(server: ServerProcess, job: string): Promise<PlanStatus> {
  const end = Date.now() + 90_000;
  for (;;) {
    const status = (await call(server, 'GET', `/api/zones/${floor}/plan/status/${job}`)) as PlanStatus;
    if (!status.isRunning) return status;
    if (Date.now() > end) throw new Error(`job ${job} still ${JSON.stringify(status)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** The image URL base a server's own signature gives. */
async function imageBase(server: ServerProcess): Promise<string> {
  const { url } = (await call(server, 'GET', '/api/storage/signature/images')) as { url: string };
  return `${server.url}${url}`;
}

async function bytes(url: string): Promise<{ status: number; type: string | null; body: Buffer }> {
  const res = await fetch(url);
  return {
    status: res.status,
    type: res.headers.get('content-type'),
    body: Buffer.from(await res.arrayBuffer()),
  };
}

beforeAll(async () => {
  if (!pgUp) return;
  const fresh = await freshPostgresDatabase('vigil_plans');
  drop = fresh.drop;
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vigil-plans-'));
  const ports = [await freePort(), await freePort(), await freePort()];
  // All at once, as a deployment starts them: they take turns to migrate and seed.
  servers = await Promise.all(
    ports.map((port, i) =>
      startServer({
        name: `plans-${i + 1}`,
        port,
        dataDir,
        databaseUrl: fresh.url,
        seedDemo: true,
        readyMs: 90_000,
      }),
    ),
  );
  headers = await signIn(servers[0]!);
  floor = await floorId(fresh.url, 'Floor 1');
}, 180_000);

afterAll(async () => {
  await killAllServers();
  await drop?.();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

describe.skipIf(!pgUp)('plans with three instances on one PostgreSQL', () => {
  it('a plan tiled through one instance is served alike by the others, under their own signatures', async () => {
    const [first, second, third] = servers as [ServerProcess, ServerProcess, ServerProcess];
    const form = multipart('floorplan', 'plan.png', await planImage(1200, 900));
    const uploaded = await fetch(`${first.url}/api/zones/${floor}/plan/upload`, {
      method: 'POST',
      headers: { ...headers, ...form.headers },
      body: form.payload,
    });
    expect(uploaded.status).toBe(200);
    const source = (await uploaded.json()) as { id: string };
    const placed = corners(40);
    const { job } = (await call(first, 'POST', `/api/zones/${floor}/plan/tile`, {
      id: source.id,
      corners: placed,
    })) as { job: string };
    const done = await finished(first, job);
    expect(done).toMatchObject({ step: 'done', percent: 100, failReason: null });
    const planId = done.result!.planId as string;

    const middle: [number, number] = [(placed[0][0] + placed[2][0]) / 2, (placed[0][1] + placed[2][1]) / 2];
    const { x, y } = tileOf(middle, 22);
    const files = [
      `plans/${floor}/${planId}/tilemapresource.json`,
      `plans/${floor}/${planId}/22/${x}/${y}.png`,
    ];
    const fromFirst = await Promise.all(
      files.map(async (file) => bytes(`${await imageBase(first)}/${file}`)),
    );
    expect(fromFirst.map((r) => r.status)).toEqual([200, 200]);
    expect(fromFirst[1]!.type).toBe('image/png');
    expect(JSON.parse(fromFirst[0]!.body.toString())).toMatchObject({
      minZoom: 18,
      maxZoom: 22,
      tileSize: 256,
    });

    for (const other of [second, third]) {
      const base = await imageBase(other);
      for (const [i, file] of files.entries()) {
        const served = await bytes(`${base}/${file}`);
        expect(served.status, `${other.name} ${file}`).toBe(200);
        expect(served.type).toBe(fromFirst[i]!.type);
        expect(served.body.equals(fromFirst[i]!.body), `${other.name} ${file}`).toBe(true);
      }
      // The floor names the plan on every instance: it is one database.
      const zone = (await call(other, 'GET', `/api/zones/${floor}`)) as { config?: { planId?: string } };
      expect(zone.config?.planId).toBe(planId);
    }
  }, 150_000);

  it('draws a PDF plan under `vigil serve` (tsx), whose worker thread runs without its loader', async () => {
    const form = multipart('floorplan', 'plan.pdf', rectanglePdf(300, 200, [20, 90, 200]));
    const res = await fetch(`${servers[1]!.url}/api/zones/${floor}/plan/upload`, {
      method: 'POST',
      headers: { ...headers, ...form.headers },
      body: form.payload,
    });
    const body = (await res.json()) as { id: string; path: string };
    expect(res.status, JSON.stringify(body)).toBe(200);
    expect(body.path).toBe(`plans/${floor}/sources/${body.id}/source.png`);
    const stored = await bytes(`${await imageBase(servers[2]!)}/${body.path}`);
    expect(stored.status).toBe(200);
    expect(stored.type).toBe('image/png');
  }, 60_000);
});
