// The world of bench/floor-map-paint.bench.ts: a console built once, a floor of the demo
// organisation with 500 gateways placed on it and 20 tags whose presses open its alerts, a real
// server (`vigil serve`) in a process of its own on a free port, and the device and console APIs
// the bench drives it through.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { and, eq, openDatabase } from '../apps/server/src/platform/db/client';
import { gateways, tags, zones } from '../apps/server/src/db/schema';
import {
  DEMO_API_KEY,
  DEMO_GATEWAY_IDS,
  DEMO_GATEWAY_KEY,
  DEMO_TAG_IDS,
  seedDemo,
} from '../apps/server/src/db/seed';

export const root = path.resolve(import.meta.dirname, '..');
export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The floor: 240 m × 180 m in Manhattan, gateways on a 25 × 20 grid (about one per 9 m). */
const FLOOR = { lng: -74.0, lat: 40.7, widthM: 240, heightM: 180, columns: 25, rows: 20 };
/** Named to come first in the floor selector (groups by site › building), so /floorplans opens it. */
const PLACE = { site: 'Bench Campus', building: 'Bench Tower', floor: 'Bench Floor' };

export type BenchFloor = {
  floorId: string;
  gatewayIds: string[];
  /** One tag per open alert, and the gateway on the floor that hears it. */
  presses: { tag: string; gateway: string }[];
};

/** A port nobody listens on now. */
export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((r) => server.close(r));
  return port;
}

/**
 * The console the server serves: BENCH_CONSOLE_DIR when it holds a build, else apps/console built
 * once into a temporary folder (removed by `cleanup`), so a rebuild elsewhere cannot change it.
 */
export function consoleBuild(): { dir: string; cleanup: () => void } {
  const given = process.env.BENCH_CONSOLE_DIR;
  if (given && fs.existsSync(path.join(given, 'index.html'))) return { dir: given, cleanup: () => {} };
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vigil-floor-map-console-'));
  console.log(`building the console into ${dir} …`);
  const vite = path.join(root, 'node_modules', '.bin', 'vite');
  const build = spawnSync(vite, ['build', '--outDir', dir, '--emptyOutDir', '--logLevel', 'warn'], {
    cwd: path.join(root, 'apps/console'),
    stdio: 'inherit',
  });
  if (build.status !== 0) throw new Error('the console did not build');
  return { dir, cleanup: () => fs.rmSync(dir, { recursive: true, force: true }) };
}

/**
 * Seeds the demo, then a floor of its own under a site and building of its own, 500 deployed
 * gateways with coordinates on it (the map's query: located on the floor, with coordinates, limit
 * 500) and `tagCount` deployed tags located there. Written before the server starts: PGlite has
 * one owner.
 */
export async function seedFloor(dataDir: string, tagCount: number): Promise<BenchFloor> {
  const database = await openDatabase({ dataDir });
  const db = database.db;
  await seedDemo(db);
  const [org] = await db
    .select()
    .from(zones)
    .where(and(eq(zones.slug, 'demo'), eq(zones.level, 'org')));
  const [demoGateway] = await db.select().from(gateways).where(eq(gateways.id, DEMO_GATEWAY_IDS[0]!));
  const [demoTag] = await db.select().from(tags).where(eq(tags.id, DEMO_TAG_IDS[0]!));
  const site = crypto.randomUUID();
  const building = crypto.randomUUID();
  const floorId = crypto.randomUUID();
  await db.insert(zones).values([
    { id: site, name: PLACE.site, level: 'site', parentId: org!.id, path: [...org!.path, site] },
    {
      id: building,
      name: PLACE.building,
      level: 'building',
      parentId: site,
      path: [...org!.path, site, building],
    },
    {
      id: floorId,
      name: PLACE.floor,
      level: 'floor',
      parentId: building,
      path: [...org!.path, site, building, floorId],
      config: { number: 1, category: 'indoor' },
    },
  ]);

  const mLng = 111_320 * Math.cos((FLOOR.lat * Math.PI) / 180);
  const gatewayIds: string[] = [];
  const rows = [];
  for (let r = 0; r < FLOOR.rows; r++) {
    for (let c = 0; c < FLOOR.columns; c++) {
      const id = `bf${String(gatewayIds.length).padStart(10, '0')}`;
      gatewayIds.push(id);
      const east = ((c + 0.5) * FLOOR.widthM) / FLOOR.columns;
      const north = ((r + 0.5) * FLOOR.heightM) / FLOOR.rows;
      rows.push({
        id,
        orgId: org!.id,
        zoneId: floorId,
        config: {
          state: 'deployed',
          location: floorId,
          coordinates: { lat: FLOOR.lat + north / 110_540, lng: FLOOR.lng + east / mLng },
          logistics: { sku: 'GW2' },
          labels: [],
          notes: '',
        },
        // The demo gateway's last heartbeat, fresh: connected, as a floor in service is.
        state: { ...demoGateway!.state, updatedAt: new Date().toISOString() },
      });
    }
  }
  await db.insert(gateways).values(rows);

  const presses = Array.from({ length: tagCount }, (_, i) => ({
    tag: `bf0c${String(i).padStart(8, '0')}`,
    // Spread over the floor: every 25th gateway.
    gateway: gatewayIds[(i * 25 + 12) % gatewayIds.length]!,
  }));
  const demoConfig = demoTag!.config as Record<string, unknown>;
  await db.insert(tags).values(
    presses.map(({ tag }, i) => ({
      id: tag,
      orgId: org!.id,
      zoneId: floorId,
      config: {
        ...demoConfig,
        location: floorId,
        label: `Bench badge ${i + 1}`,
        owner: { name: `Bench Person ${i + 1}`, personId: `B-${1000 + i}` },
      },
      state: demoTag!.state,
    })),
  );
  await database.close();
  return { floorId, gatewayIds, presses };
}

/** `vigil serve` on the seeded data directory, serving the built console; resolves once ready. */
export async function startServer(port: number, dataDir: string, consoleDir: string): Promise<ChildProcess> {
  const server = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(root, 'apps/server/src/cli.ts'), 'serve'],
    {
      cwd: root,
      stdio: ['ignore', process.env.BENCH_SERVER_LOG ? 'inherit' : 'ignore', 'inherit'],
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        DATABASE_URL: '',
        SEED_DEMO: 'false',
        LOG_LEVEL: 'warn',
        CONSOLE_DIR: consoleDir,
      },
    },
  );
  // A failed run must not leave the server (and its CPU) behind.
  process.on('exit', () => server.kill('SIGKILL'));
  const exited = new Promise<never>((_, reject) =>
    server.once('exit', (code) => reject(new Error(`the server exited (${code})`))),
  );
  exited.catch(() => undefined);
  const base = `http://127.0.0.1:${port}`;
  const ready = (async () => {
    for (const until = Date.now() + 120_000; Date.now() < until; await sleep(250)) {
      const ok = await fetch(`${base}/readyz`).then(
        (r) => r.ok,
        () => false,
      );
      if (ok) return;
    }
    throw new Error('the server was not ready in 120 s');
  })();
  await Promise.race([exited, ready]);
  return server;
}

export async function stopServer(server: ChildProcess) {
  if (server.exitCode !== null || server.signalCode !== null) return;
  const gone = new Promise((r) => server.once('exit', r));
  server.kill('SIGTERM');
  await gone;
}

/** The device and console APIs of one server. */
export class BenchApi {
  private nonce = 0;
  constructor(readonly base: string) {}

  private readonly console = {
    slug: 'demo',
    domain: 'localhost',
    authorization: `Basic ${Buffer.from(`${DEMO_API_KEY}:`).toString('base64')}`,
    'content-type': 'application/json',
  };

  /** A gateway posts one press of `tag` (docs/DEVICE-API.md); answers the alert's id and status. */
  async press(tag: string, gateway: string): Promise<{ alertId: string; status: string }> {
    const nonce = `bench-${process.pid}-${this.nonce++}`;
    const res = await fetch(`${this.base}/api/ingest/button-events`, {
      method: 'POST',
      headers: {
        authorization: `Basic ${Buffer.from(`${DEMO_GATEWAY_KEY}:`).toString('base64')}`,
        'content-type': 'application/json',
      },
      body: JSON.stringify({
        gateway,
        buttonEvents: [{ tag, nonce, events: [{ buttonPress: 0, buttonRelease: 120, tapDelta: 0 }] }],
      }),
    });
    const body = (await res.json()) as { results?: { alertId?: string; status: string }[] };
    const result = body.results?.[0];
    if (!res.ok || !result?.alertId) throw new Error(`ingest ${res.status} ${JSON.stringify(body)}`);
    return { alertId: result.alertId, status: result.status };
  }

  /** PUT alerts/{id} {acknowledged: true}, as the security desk's console key. */
  async acknowledge(alertId: string) {
    const res = await fetch(`${this.base}/api/alerts/${alertId}`, {
      method: 'PUT',
      headers: this.console,
      body: JSON.stringify({ acknowledged: true }),
    });
    if (!res.ok) throw new Error(`acknowledge ${res.status} ${await res.text()}`);
  }

  /** PUT alerts/{id} with a reason: the alert is closed. */
  async close(alertId: string) {
    const res = await fetch(`${this.base}/api/alerts/${alertId}`, {
      method: 'PUT',
      headers: this.console,
      body: JSON.stringify({ reasonCode: 'ignored_false_alarm' }),
    });
    if (!res.ok) throw new Error(`close ${res.status} ${await res.text()}`);
  }
}
