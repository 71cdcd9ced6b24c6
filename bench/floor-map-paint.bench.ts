// The floor map at speed (issue 15 "Speed"): a floor with 500 gateway markers and 20 open alerts,
// in Debian's Chromium (WebGL through --disable-gpu, SwiftShader), against a real server
// (`vigil serve`, embedded PGlite, the console built once) on a free port.
//
//  1. navigation → markers painted (target p95 < 500 ms), three ways:
//     - in-app, first visit: /alerts loaded afresh and settled (the console's idle prefetch of the
//       floor plans done), then a click on Floor Plans in the sidebar (it opens the bench floor, the
//       selector's first); from the click to the first frame painted with all 500 markers;
//     - in-app, again: back to Alerts by the sidebar, then Floor Plans again (the floor's data and
//       the map's chunk are already in the page);
//     - full load: page.goto('/floorplans/<floor>'), from the navigation's start.
//  2. press → its tracker painted on the open floor (target p99 < 150 ms): a gateway of the floor
//     posts a press of a tag whose open alert is acknowledged (its tracker outlined); the press
//     joins the alert and unacknowledges it (SPEC §4), so its tracker is drawn filled again; from
//     just before the post to the first frame painted with the tracker filled
//     (bench/floor-map-presses.ts).
//  3. presses opening a NEW alert: SPEC §2.2 sends the console to /alerts, taking the map away, so
//     this notes how often the new tracker was painted before it went, and when the push came.
//
// "Painted" comes from bench/floor-map-probe.mjs in the page. BENCH_NAVIGATIONS (20 of each kind),
// BENCH_PRESSES (100, after 5 warm-up), BENCH_NEW_ALERTS (20), BENCH_PHASES (navigation,press,new),
// BENCH_CONSOLE_DIR (a console already built), BENCH_SERVER_LOG=1, BENCH_PAGE_PROFILE=<dir> (a CPU
// profile of the page over the joined presses). Figures: docs/BENCHMARKS.md
// "Floor map: markers and trackers painted".
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { BENCH_USER, launchChromium, sidebar, signIn } from './chromium';
import {
  MARKERS,
  OPEN_ALERTS,
  PROBE,
  contextAt,
  f1,
  markerPixels,
  pct,
  sorted,
  waitForFrame,
} from './floor-map-page';
import { benchNewAlerts, benchPresses, type NewAlertFigures, type PressFigures } from './floor-map-presses';
import {
  BenchApi,
  consoleBuild,
  freePort,
  seedFloor,
  sleep,
  startServer,
  stopServer,
  type BenchFloor,
} from './floor-map-setup';

const NAVIGATIONS = Number(process.env.BENCH_NAVIGATIONS ?? 20);
const PRESSES = Number(process.env.BENCH_PRESSES ?? 100);
const NEW_ALERTS = Number(process.env.BENCH_NEW_ALERTS ?? 20);
const WARMUP = 5;
const PHASES = (process.env.BENCH_PHASES ?? 'navigation,press,new').split(',');
const TARGET = { navigationP95: 500, pressP99: 150 };
const USER = BENCH_USER;

/** The alerts screen with the floor's open alerts on it, and a moment for its requests to settle. */
async function onAlertsScreen(page: Page) {
  await page
    .locator('article[aria-label^="Alert"]')
    .nth(OPEN_ALERTS - 1)
    .waitFor();
  await sleep(500);
}

type Navigation = { painted: number; map: number };

/** One navigation of each kind: to the markers painted, and to the map's WebGL context on the way. */
async function navigateOnce(page: Page, base: string, floor: BenchFloor) {
  // Full load, from the navigation's start (performance.timeOrigin).
  await page.goto(`${base}/floorplans/${floor.floorId}`);
  const frame = await waitForFrame(page, { markers: MARKERS }, 'the markers after a full load');
  const origin = (await page.evaluate('performance.timeOrigin')) as number;
  const full = { painted: frame.sinceStart, map: ((await contextAt(page, 0)) ?? NaN) - origin };

  // In-app, first visit: the page loaded on /alerts, then the sidebar's Floor Plans once the console
  // has settled (its idle prefetch of the floor plans done, as for a person who opened the console
  // before an alert; the full load above is the page opened straight onto the map).
  await page.goto(`${base}/alerts`);
  await onAlertsScreen(page);
  await page.waitForFunction('window.__floorBench.prefetched !== null', null, { timeout: 30_000 });
  const prefetched = (await page.evaluate('window.__floorBench.prefetched')) as number;
  const first = { ...(await clickToMarkers(page, floor)), prefetched };

  // In-app, again: Alerts and back, the floor's queries and the map's chunk already in the page.
  await sidebar(page).getByRole('link', { name: 'Alerts', exact: true }).click();
  await onAlertsScreen(page);
  const again = await clickToMarkers(page, floor);
  return { full, first, again };
}

async function clickToMarkers(page: Page, floor: BenchFloor): Promise<Navigation> {
  await sidebar(page).getByRole('link', { name: 'Floor Plans' }).click();
  const clickAt = (await page.evaluate('window.__floorBench.clickAt')) as number;
  const frame = await waitForFrame(page, { since: clickAt, markers: MARKERS }, 'the markers after a click');
  if (!page.url().endsWith(`/floorplans/${floor.floorId}`))
    throw new Error(`Floor Plans opened ${page.url()}, not the bench floor`);
  return { painted: frame.painted - clickAt, map: ((await contextAt(page, clickAt)) ?? NaN) - clickAt };
}

async function benchNavigation(page: Page, base: string, floor: BenchFloor) {
  const runs = {
    full: [] as Navigation[],
    first: [] as (Navigation & { prefetched: number })[],
    again: [] as Navigation[],
  };
  console.log(`  navigation: 1 warm-up + ${NAVIGATIONS} of each kind …`);
  await navigateOnce(page, base, floor);
  // The frames the probe calls painted hold the markers on the canvas, not only in the style: a
  // marker is a dot of about 20 pixels at this zoom, fewer where a tracker's circle tints it.
  const pixels = await markerPixels(page);
  if (pixels < MARKERS * 5) throw new Error(`only ${pixels} marker-coloured pixels on the canvas`);
  console.log(`  ${pixels} marker-coloured pixels on the canvas once painted`);
  for (let i = 0; i < NAVIGATIONS; i++) {
    const once = await navigateOnce(page, base, floor);
    runs.full.push(once.full);
    runs.first.push(once.first);
    runs.again.push(once.again);
  }
  return runs;
}

// ── Main ───────────────────────────────────────────────────────────────────────────────────────

const build = consoleBuild();
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vigil-floor-map-bench-'));
// One tag per open alert, and a spare one for the presses opening a new alert.
const floor = await seedFloor(dataDir, OPEN_ALERTS + 1);
const spare = floor.presses[OPEN_ALERTS]!;
const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const server = await startServer(port, dataDir, build.dir);
const api = new BenchApi(base);
const loadBefore = os.loadavg()[0]!;
const browser = await launchChromium();
let navigation: Awaited<ReturnType<typeof benchNavigation>> | undefined;
let presses: PressFigures | undefined;
let newAlerts: NewAlertFigures | undefined;
let skew = 0;
try {
  console.log(`server pid ${server.pid} on ${base}; ${MARKERS} gateways on the bench floor`);
  const alertIds: string[] = [];
  for (const { tag, gateway } of floor.presses.slice(0, OPEN_ALERTS))
    alertIds.push((await api.press(tag, gateway)).alertId);
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  await context.addInitScript({ path: PROBE });
  const page = await context.newPage();
  await signIn(page, base);
  if (PHASES.includes('navigation')) navigation = await benchNavigation(page, base, floor);
  if (PHASES.includes('press'))
    presses = await benchPresses(page, api, base, floor, alertIds, { warmup: WARMUP, presses: PRESSES });
  if (PHASES.includes('new')) newAlerts = await benchNewAlerts(page, api, base, floor, spare, NEW_ALERTS);
  // How far the page's clock is from the wall clock the bench reads before each post.
  skew = (await page.evaluate('performance.timeOrigin + performance.now() - Date.now()')) as number;
} finally {
  await browser.close();
  await stopServer(server);
  fs.rmSync(dataDir, { recursive: true, force: true });
  build.cleanup();
}

// ── Figures ────────────────────────────────────────────────────────────────────────────────────

const load = `load average ${loadBefore.toFixed(1)} → ${os.loadavg()[0]!.toFixed(1)}, ${os.cpus().length} cores`;
console.log(
  `\nfloor map in Chromium (SwiftShader), ${MARKERS} markers and ${OPEN_ALERTS} open alerts, as ${USER}; ${load}`,
);
const rows = [];
const parts = [];
if (navigation) {
  const kinds = [
    [
      'first',
      'navigation: in-app, first visit, console settled (click → markers painted)',
      'click → the map made',
    ],
    ['again', 'navigation: in-app, again (click → markers painted)', 'click → the map made'],
    ['full', 'navigation: full load (start → markers painted)', 'navigation start → the map made'],
  ] as const;
  for (const [kind, measure, toMap] of kinds) {
    const runs = navigation[kind];
    rows.push(
      row(
        measure,
        runs.map((n) => n.painted),
        TARGET.navigationP95,
        0.95,
      ),
    );
    parts.push(
      part(
        `${kind}: ${toMap} (WebGL context asked for)`,
        runs.map((n) => n.map),
      ),
    );
  }
  parts.push(
    part(
      "first: page start → the console's idle prefetch of the floor plans done",
      navigation.first.map((n) => n.prefetched),
    ),
  );
}
if (presses) {
  rows.push(row('press → its tracker painted', presses.times, TARGET.pressP99, 0.99));
  parts.push(part("press: the gateway's post (HTTP round trip)", presses.posts));
  parts.push(part('press: post → its event in the page', presses.parts.event));
  parts.push(part("press: post → the console's trackers placed", presses.parts.styled));
  parts.push(part('press: trackers placed → frame painted (the browser)', presses.parts.drawn));
}
if (newAlerts) {
  const measure = `press opening a new alert → its tracker painted (${newAlerts.painted.length} of ${newAlerts.presses} before the push took the map)`;
  rows.push(row(measure, newAlerts.painted, TARGET.pressP99, 0.99));
  parts.push(part('new alert: post → the push to /alerts (SPEC §2.2)', newAlerts.pushed));
}
if (rows.length) console.table(rows);
if (parts.length) {
  console.log('where the time goes:');
  console.table(parts);
}
console.log(`page clock − wall clock ${skew.toFixed(1)} ms`);

function row(measure: string, values: number[], target: number, p: number) {
  const s = sorted(values);
  const at = pct(s, p);
  return {
    measure,
    runs: s.length,
    'p50 ms': f1(pct(s, 0.5)),
    'p95 ms': f1(pct(s, 0.95)),
    'p99 ms': f1(pct(s, 0.99)),
    'max ms': f1(pct(s, 1)),
    target: `p${p * 100} < ${target} ms`,
    'ratio to target': `${(at / target).toFixed(2)}× (${at < target ? 'met' : 'MISSED'})`,
  };
}

function part(what: string, values: number[]) {
  const s = sorted(values);
  return { part: what, runs: s.length, 'p50 ms': f1(pct(s, 0.5)), 'p95 ms': f1(pct(s, 0.95)) };
}
