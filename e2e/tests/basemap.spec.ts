import { spawn, type ChildProcess } from 'node:child_process';
import readline from 'node:readline';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { MARKER_COLOUR_HEX } from '@vigil/domain';
import { PASSWORD, expectAccessible, signIn } from '../fixtures';
import { canvasPixelsNear, rgb } from '../map-fixtures';

// Issue 15 "The map, air-gapped": a deployment's satellite layer (MAP_SATELLITE_URL) is drawn under
// the floor, its tiles fetched by our server from the provider, never by the browser. The suite's
// server (playwright.config.ts) runs without map providers, as most deployments do; this file
// starts a deployment of its own, the same command with the map settings, and the providers it
// names: the API tests' local peers on 127.0.0.1 (apps/server/test/helpers/map-peers.ts), run as
// a process, since the suite does not import the server's code.

const REPO = path.resolve(import.meta.dirname, '../..');
const GATEWAY = 'b0a710000001';
const POSITION = { lat: 40.74205, lng: -73.9741 };

type Peers = { origin: string; env: Record<string, string> };
/** What GET {origin}/_peer answers: the paths the peers were asked, and the tiles' colours. */
type PeerState = { requests: string[]; colours: Record<'streets' | 'satellite', number[]> };

let peersProcess: ChildProcess;
let peers: Peers;
let server: ChildProcess;
let dataDir: string;
let base: string;

/** A free port on 127.0.0.1 (taken, then given back for the server to listen on). */
async function freePort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as net.AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/** Starts a script of the repository with tsx, as one process (stopping it stops the script). */
function run(script: string, args: string[], env: NodeJS.ProcessEnv, stdout: 'pipe' | 'ignore') {
  return spawn(process.execPath, ['--import', 'tsx', script, ...args], {
    cwd: REPO,
    stdio: ['ignore', stdout, 'inherit'],
    env,
  });
}

/** The peers' first line: where they listen and the settings naming them. */
async function startPeers(): Promise<Peers> {
  peersProcess = run('apps/server/test/helpers/map-peers-main.ts', [], process.env, 'pipe');
  const lines = readline.createInterface({ input: peersProcess.stdout! });
  const [line] = await Promise.race([
    new Promise<string[]>((resolve) => lines.once('line', (l) => resolve([l]))),
    new Promise<never>((_, reject) => peersProcess.once('exit', () => reject(new Error('map peers exited')))),
  ]);
  return JSON.parse(line!) as Peers;
}

async function stop(child: ChildProcess | undefined) {
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

test.beforeAll(async () => {
  test.setTimeout(150_000);
  peers = await startPeers();
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vigil-e2e-basemap-'));
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  server = run(
    'apps/server/src/cli.ts',
    ['serve'],
    {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      SEED_DEMO: 'true',
      CONSOLE_DIR: process.env.CONSOLE_DIR ?? path.join(REPO, 'apps/console/dist'),
      MAP_SATELLITE_URL: peers.env.MAP_SATELLITE_URL,
      GEOCODER_URL: peers.env.GEOCODER_URL,
    },
    'ignore',
  );
  const ready = () =>
    fetch(`${base}/readyz`).then(
      (r) => r.ok,
      () => false,
    );
  await expect.poll(ready, { timeout: 120_000 }).toBe(true);
});

test.afterAll(async () => {
  await stop(server);
  await stop(peersProcess);
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

const peerState = async (): Promise<PeerState> =>
  (await fetch(`${peers.origin}/_peer`)).json() as Promise<PeerState>;

/** The demo admin's API headers on this file's server. */
async function adminHeaders(page: Page): Promise<Record<string, string>> {
  const headers = { slug: 'demo', domain: 'localhost' };
  const login = await page.request.post(`${base}/api/auth/password/demo`, {
    headers,
    data: { username: 'admin@demo.example', password: PASSWORD },
  });
  const { access } = (await login.json()) as { access: { token: string } };
  return { ...headers, authorization: `Bearer ${access.token}` };
}

test('the satellite toggle draws the provider’s tiles under the floor, through our server only', async ({
  page,
}) => {
  const origins = new Set<string>();
  page.on('request', (request) => origins.add(new URL(request.url()).origin));

  await signIn(page, 'admin@demo.example', PASSWORD, `${base}/login`);
  const placed = await page.request.put(`${base}/api/gateways/${GATEWAY}`, {
    headers: await adminHeaders(page),
    data: { coordinates: POSITION },
  });
  expect(placed.status(), await placed.text()).toBe(200);
  await page
    .getByRole('navigation', { name: 'Main navigation' })
    .getByRole('link', { name: 'Floor Plans' })
    .click();
  await page.getByRole('combobox', { name: 'Floor' }).click();
  await page.getByRole('option', { name: 'Floor 1' }).click();
  await expect(page.getByRole('region', { name: 'Gateways on this floor' })).toBeVisible();

  const canvas = page.locator('canvas.maplibregl-canvas');
  const satellite = [(await peerState()).colours.satellite];
  const markerColours = Object.entries(MARKER_COLOUR_HEX)
    .filter(([name]) => name !== 'gray')
    .map(([, colour]) => rgb(colour));
  await expect
    .poll(() => canvasPixelsNear(page, canvas, markerColours), { timeout: 15_000 })
    .toBeGreaterThan(30);
  expect(await canvasPixelsNear(page, canvas, satellite)).toBe(0);

  const toggle = page.getByRole('button', { name: 'Satellite' });
  await expect(toggle).toHaveAttribute('aria-pressed', 'false');
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-pressed', 'true');
  // WebGL drew the provider's tiles (one solid colour) over most of the map, the marker still on top.
  await expect
    .poll(() => canvasPixelsNear(page, canvas, satellite), { timeout: 15_000 })
    .toBeGreaterThan(10_000);
  expect(await canvasPixelsNear(page, canvas, markerColours)).toBeGreaterThan(30);
  expect((await peerState()).requests.some((asked) => asked.startsWith('/satellite/'))).toBe(true);

  // SPEC §9: with a street layer shown the map zooms out beyond 18 (down to 1).
  const zoomOut = page.getByRole('button', { name: 'Zoom out' });
  for (let i = 0; i < 3; i++) await zoomOut.click();
  await expect(zoomOut).toBeEnabled();
  await page.getByRole('heading', { name: 'Floor Plans', level: 1 }).hover();
  await expectAccessible(page);

  // Off again: the ground is bare and the minimum zoom 18 once more.
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-pressed', 'false');
  await expect(zoomOut).toBeDisabled();
  await expect.poll(() => canvasPixelsNear(page, canvas, satellite), { timeout: 15_000 }).toBe(0);

  // The browser asked nothing of the providers: only our server.
  expect([...origins]).toEqual([base]);
});
