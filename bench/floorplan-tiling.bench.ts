// Floor-plan tiling (SPEC §4 Plan editing, §9 Map): an 8000×6000 plan placed by four corners over a
// large hospital floor, tiled at zoom 18–22 by the server's tile job (uploaded over HTTP, polled
// through the status route), against the same job done by GDAL in the same run when gdal-bin is
// installed: gdal_translate with the four corners as GCPs, gdalwarp to EPSG:3857, gdal2tiles.
// Prints both times, their ratio (target ≤ 0.5), the tiles written, the server's memory growth and
// event-loop delay during the job, and the mean absolute pixel difference of matching tiles.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import sharp from 'sharp';
import { tileOf, type LngLat } from '@vigil/domain';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/platform/config';
import { openDatabase } from '../apps/server/src/platform/db/client';
import { DEMO_PASSWORD, seedDemo } from '../apps/server/src/db/seed';

const WIDTH = 8000;
const HEIGHT = 6000;
/** The floor: 240 m × 180 m, turned 12° from north, in Manhattan. */
const FLOOR = { lng: -74.0, lat: 40.7, widthM: 240, heightM: 180, turnDeg: 12 };

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'vigil-plan-bench-'));
const corners = floorCorners();
const planFile = path.join(work, 'plan.png');
fs.writeFileSync(planFile, await planImage());
console.log(
  `plan ${WIDTH}×${HEIGHT} PNG, ${(fs.statSync(planFile).size / 1e6).toFixed(1)} MB; ` +
    `floor ${FLOOR.widthM} m × ${FLOOR.heightM} m turned ${FLOOR.turnDeg}°; zoom 18–22; ${os.cpus().length} cores`,
);

const ours = await tileWithServer();
const gdal = tileWithGdal();
const rows: Record<string, string | number>[] = [
  {
    run: 'Vigil tile job',
    's total': (ours.ms / 1000).toFixed(2),
    tiles: ours.tiles,
    'MB memory growth': ours.memoryMb.toFixed(0),
    'ms event-loop p99 / max': `${ours.loopP99.toFixed(0)} / ${ours.loopMax.toFixed(0)}`,
  },
];
if (gdal) {
  rows.push({
    run: 'GDAL (translate + warp + gdal2tiles)',
    's total': (gdal.ms / 1000).toFixed(2),
    tiles: gdal.tiles,
  });
  for (const [step, ms] of Object.entries(gdal.steps))
    rows.push({ run: `  ${step}`, 's total': (ms / 1000).toFixed(2) });
}
console.table(rows);
if (gdal) {
  console.log(`ratio Vigil / GDAL: ${(ours.ms / gdal.ms).toFixed(2)}× (target ≤ 0.5×)`);
  console.table(await compareTiles(ours.dir, gdal.dir));
} else {
  console.log('GDAL not installed (apt-get install -y gdal-bin): no comparison');
}
fs.rmSync(work, { recursive: true, force: true });

/** The floor's corners (top-left, top-right, bottom-right, bottom-left): a rectangle turned clockwise. */
function floorCorners(): [LngLat, LngLat, LngLat, LngLat] {
  const turn = (FLOOR.turnDeg * Math.PI) / 180;
  const mLng = 111_320 * Math.cos((FLOOR.lat * Math.PI) / 180);
  const at = (x: number, y: number): LngLat => {
    const east = x * Math.cos(turn) + y * Math.sin(turn);
    const north = -x * Math.sin(turn) + y * Math.cos(turn);
    return [FLOOR.lng + east / mLng, FLOOR.lat + north / 110_540];
  };
  const { widthM: w, heightM: h } = FLOOR;
  return [at(0, h), at(w, h), at(w, 0), at(0, 0)];
}

/** A plan-like image: pastel rooms, dark walls, and specks of "text". */
async function planImage(): Promise<Buffer> {
  const raw = Buffer.alloc(WIDTH * HEIGHT * 3, 250);
  let seed = 7;
  const random = () => (seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff;
  for (let y = 0; y < HEIGHT; y++) {
    for (let x = 0; x < WIDTH; x++) {
      const o = (y * WIDTH + x) * 3;
      const room = Math.floor(x / 400) * 31 + Math.floor(y / 300) * 17;
      const wall = x % 400 < 6 || y % 300 < 6;
      if (wall) raw.fill(35, o, o + 3);
      else if (room % 3 === 0) raw.set([225 - (room % 40), 235, 250 - (room % 30)], o);
    }
  }
  for (let i = 0; i < 200_000; i++) {
    const o = (Math.floor(random() * HEIGHT) * WIDTH + Math.floor(random() * WIDTH)) * 3;
    raw.fill(60, o, o + 6);
  }
  return sharp(raw, { raw: { width: WIDTH, height: HEIGHT, channels: 3 } })
    .png()
    .toBuffer();
}

/** Uploads the plan to an in-process server (PGlite, or DATABASE_URL) and times its tile job to 100 %. */
async function tileWithServer() {
  const dataDir = path.join(work, 'vigil');
  fs.mkdirSync(dataDir);
  const database = await openDatabase({ databaseUrl: process.env.DATABASE_URL, dataDir });
  await seedDemo(database.db);
  const app = await buildApp(
    { ...loadConfig({}), dataDir, consoleDir: undefined },
    { database, ownsDatabase: true, logger: false },
  );
  const base = await app.listen({ port: 0, host: '127.0.0.1' });
  const headers = await signIn(base);
  const floors = (await (await fetch(`${base}/api/zones?level=floor&limit=1`, { headers })).json()) as {
    data: { id: string; parent: string }[];
  };
  const floorId = floors.data[0].id;
  const form = new FormData();
  form.append('floorplan', new Blob([fs.readFileSync(planFile)]), 'plan.png');
  const uploaded = await fetch(`${base}/api/zones/${floorId}/plan/upload`, {
    method: 'POST',
    headers,
    body: form,
  });
  const source = (await uploaded.json()) as { id: string };

  global.gc?.();
  const before = process.memoryUsage().rss;
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
  const loop = monitorEventLoopDelay({ resolution: 5 });
  loop.enable();
  const started = performance.now();
  const res = await fetch(`${base}/api/zones/${floorId}/plan/tile`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify({ id: source.id, corners }),
  });
  const { job } = (await res.json()) as { job: string };
  type Status = { percent: number; isRunning: boolean; failReason?: string; result?: { tiles: number } };
  let status: Status;
  do {
    await new Promise((r) => setTimeout(r, 50));
    status = (await (
      await fetch(`${base}/api/zones/${floorId}/plan/status/${job}`, { headers })
    ).json()) as Status;
  } while (status.isRunning);
  const ms = performance.now() - started;
  loop.disable();
  clearInterval(sampler);
  if (status.percent !== 100) throw new Error(`the tile job stopped: ${JSON.stringify(status)}`);
  const org = await orgOf(base, headers, floorId);
  const dir = path.join(dataDir, 'storage', 'orgs', org, 'images', 'plans', floorId, job);
  const copy = path.join(work, 'vigil-tiles');
  fs.cpSync(dir, copy, { recursive: true });
  await app.close();
  return {
    ms,
    tiles: status.result!.tiles,
    memoryMb: (peak - before) / 1e6,
    loopP99: loop.percentile(99) / 1e6,
    loopMax: loop.max / 1e6,
    dir: copy,
  };
}

async function signIn(base: string): Promise<Record<string, string>> {
  const headers = { slug: 'demo', domain: 'localhost' };
  const res = await fetch(`${base}/api/auth/password/demo`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin@demo.example', password: DEMO_PASSWORD }),
  });
  const { access } = (await res.json()) as { access: { token: string } };
  return { ...headers, authorization: `Bearer ${access.token}` };
}

/** The organisation of a floor: the second zone of its context path (root, organisation, …). */
async function orgOf(base: string, headers: Record<string, string>, floorId: string): Promise<string> {
  const zone = (await (await fetch(`${base}/api/zones/${floorId}?context=true`, { headers })).json()) as {
    context: { id: string; level: string }[];
  };
  return zone.context.find((z) => z.level === 'org')!.id;
}

/** GDAL's equivalent, timed step by step; undefined when gdal-bin is not installed. */
function tileWithGdal() {
  if (spawnSync('gdalinfo', ['--version']).status !== 0) return undefined;
  const dir = path.join(work, 'gdal');
  fs.mkdirSync(dir);
  const pixels = [
    [0, 0],
    [WIDTH, 0],
    [WIDTH, HEIGHT],
    [0, HEIGHT],
  ];
  const gcps = corners.flatMap((corner, i) => ['-gcp', ...pixels[i].map(String), ...corner.map(String)]);
  const vrt = path.join(dir, 'gcps.vrt');
  const warped = path.join(dir, 'warped.tif');
  const tiles = path.join(dir, 'tiles');
  const steps: Record<string, number> = {};
  const run = (step: string, cmd: string, args: string[]) => {
    const started = performance.now();
    const res = spawnSync(cmd, args, { stdio: ['ignore', 'ignore', 'inherit'] });
    if (res.status !== 0) throw new Error(`${cmd} failed`);
    steps[step] = performance.now() - started;
  };
  // Four GCPs of a turned rectangle: the first-order polynomial places it exactly, as our homography does.
  run('gdal_translate (GCPs)', 'gdal_translate', [
    '-q',
    '-of',
    'VRT',
    '-a_srs',
    'EPSG:4326',
    ...gcps,
    planFile,
    vrt,
  ]);
  run('gdalwarp (EPSG:3857)', 'gdalwarp', [
    ...['-q', '-t_srs', 'EPSG:3857', '-order', '1', '-r', 'bilinear', '-dstalpha', '-multi'],
    ...['-wo', 'NUM_THREADS=2', '-co', 'TILED=YES', vrt, warped],
  ]);
  run('gdal2tiles (--xyz -z 18-22)', 'gdal2tiles.py', [
    ...['-q', '--xyz', '-z', '18-22', '--processes=2', '-w', 'none', warped, tiles],
  ]);
  const count = spawnSync('find', [tiles, '-name', '*.png']).stdout.toString().trim().split('\n').length;
  const ms = Object.values(steps).reduce((sum, t) => sum + t, 0);
  return { ms, steps, tiles: count, dir: tiles };
}

/** Mean absolute difference (0–255, RGB) over the pixels both tiles cover, for tiles around the plan's middle. */
async function compareTiles(oursDir: string, gdalDir: string) {
  const middle: LngLat = [
    (corners[0][0] + corners[1][0] + corners[2][0] + corners[3][0]) / 4,
    (corners[0][1] + corners[1][1] + corners[2][1] + corners[3][1]) / 4,
  ];
  const rows = [];
  for (const z of [22, 21, 20, 19, 18]) {
    const { x, y } = tileOf(middle, z);
    for (const [dx, dy] of [
      [0, 0],
      [1, 0],
      [0, 1],
    ] as const) {
      const rel = `${z}/${x + dx}/${y + dy}.png`;
      const [a, b] = await Promise.all([rgba(path.join(oursDir, rel)), rgba(path.join(gdalDir, rel))]);
      if (!a || !b) continue;
      let sum = 0;
      let both = 0;
      let coverDiffers = 0;
      for (let i = 0; i < a.length; i += 4) {
        if (a[i + 3] > 0 !== b[i + 3] > 0) coverDiffers++;
        if (a[i + 3] !== 255 || b[i + 3] !== 255) continue;
        both++;
        sum += Math.abs(a[i] - b[i]) + Math.abs(a[i + 1] - b[i + 1]) + Math.abs(a[i + 2] - b[i + 2]);
      }
      rows.push({
        tile: rel,
        'mean abs diff': (sum / (3 * both)).toFixed(2),
        'coverage differs %': ((100 * coverDiffers) / 65536).toFixed(2),
      });
    }
  }
  return rows;
}

async function rgba(file: string): Promise<Buffer | undefined> {
  if (!fs.existsSync(file)) return undefined;
  return sharp(file).ensureAlpha().raw().toBuffer();
}
