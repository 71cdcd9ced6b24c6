// Tap → the kiosk shows the tag (issue 21 "Speed": p95 < 1.5 s). The distribution kiosk of the
// demo's Emergency Department station (single tap, gateway b0a710000001) open on its tap screen in
// Debian's Chromium, signed in as the demo's distribution user; then, BENCH_TAPS times: the
// gateway posts one short press of a tag on the shelf through the real device API at a random
// moment of the kiosk's poll cycle, and the time runs until the kiosk's status screen names the tag
// (a MutationObserver in the page stamps when the heading appears). Printed: p50, p95, max, with
// the device API's own answer time and the poll interval (KIOSK_TAP_POLL_MS) for comparison.
//
// BENCH_TAPS=40 (default). Embedded PGlite on a fresh data directory. BENCH_CONSOLE_DIR: a built
// console to serve (else apps/console is built into a temporary folder).
// Figures: docs/BENCHMARKS.md "Kiosk tap (issue 21)".
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { KIOSK_TAP_POLL_MS } from '@vigil/domain';
import { openDatabase } from '../apps/server/src/platform/db/client';
import { DEMO_GATEWAY_KEY, seedDemo } from '../apps/server/src/db/seed';
import { KIOSK_DEMO_TAGS } from '../apps/server/src/db/seed-distribution';
import { launchChromium } from './chromium';
import { consoleBuild, freePort, sleep, startServer, stopServer } from './floor-map-setup';
import { f1, pct, sorted } from './stats';
import { DEMO_PASSWORD } from '../apps/server/src/db/seed';

const TAPS = Number(process.env.BENCH_TAPS ?? 40);
const TARGET_P95_MS = 1500;
const GATEWAY = 'b0a710000001';
const TAG = KIOSK_DEMO_TAGS[0]!;

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vigil-bench-kiosk-'));
const database = await openDatabase({ dataDir });
await seedDemo(database.db);
await database.close();
const build = consoleBuild();
const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const server = await startServer(port, dataDir, build.dir);
const browser = await launchChromium();
const shown: number[] = [];
const answered: number[] = [];
try {
  const page = await browser.newPage({ viewport: { width: 1024, height: 768 } });
  await page.goto(`${base}/login`);
  await page.getByRole('textbox', { name: 'Email' }).fill('distribution@demo.example');
  await page.getByRole('textbox', { name: 'Password' }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.getByRole('link', { name: 'Emergency Department station' }).click();
  await page.getByRole('textbox', { name: 'Your name or e-mail' }).fill('Gr');
  await page.getByRole('option').first().click();
  const tapUrl = page.url().replace(/\/[^/]*$/, '/tap');

  for (let i = -3; i < TAPS; i++) {
    await page.goto(tapUrl);
    await page.getByText('Press your new tag’s button once').waitFor();
    await page.evaluate(() => {
      const w = window as unknown as { shownAt?: number };
      w.shownAt = undefined;
      new MutationObserver((_records, observer) => {
        if (document.querySelector('h1')?.textContent === 'Tag status') {
          w.shownAt = Date.now();
          observer.disconnect();
        }
      }).observe(document.body, { childList: true, subtree: true, characterData: true });
    });
    // A random moment of the poll's cycle, as a person's tap is.
    await sleep(Math.random() * KIOSK_TAP_POLL_MS);
    const t0 = Date.now();
    const res = await fetch(`${base}/api/ingest/button-events`, {
      method: 'POST',
      headers: {
        authorization: `Basic ${Buffer.from(`${DEMO_GATEWAY_KEY}:`).toString('base64')}`,
        'content-type': 'application/json',
      },
      body: JSON.stringify({
        gateway: GATEWAY,
        buttonEvents: [
          {
            tag: TAG,
            nonce: `bench-${i}-${t0}`,
            events: [{ buttonPress: 0, buttonRelease: 150, tapDelta: 0 }],
          },
        ],
      }),
    });
    const body = (await res.json()) as { results: { status: string }[] };
    if (body.results[0]?.status !== 'tap') throw new Error(`not a kiosk tap: ${JSON.stringify(body)}`);
    const t1 = Date.now();
    await page.waitForFunction(() => (window as unknown as { shownAt?: number }).shownAt, null, {
      timeout: 10_000,
    });
    const at = await page.evaluate(() => (window as unknown as { shownAt: number }).shownAt);
    if (i >= 0) {
      shown.push(at - t0);
      answered.push(t1 - t0);
    }
  }
} finally {
  await browser.close();
  await stopServer(server);
  build.cleanup();
  fs.rmSync(dataDir, { recursive: true, force: true });
}

const s = sorted(shown);
const a = sorted(answered);
console.table([
  {
    measure: 'tap → kiosk shows the tag',
    taps: s.length,
    'p50 ms': f1(pct(s, 0.5)),
    'p95 ms': f1(pct(s, 0.95)),
    'max ms': f1(s.at(-1)!),
  },
  {
    measure: 'device API answer (tap stored)',
    taps: a.length,
    'p50 ms': f1(pct(a, 0.5)),
    'p95 ms': f1(pct(a, 0.95)),
    'max ms': f1(a.at(-1)!),
  },
]);
const p95 = pct(s, 0.95);
console.log(
  `poll interval ${KIOSK_TAP_POLL_MS} ms; tap → kiosk p95 ${f1(p95)} ms, target < ${TARGET_P95_MS} ms: ${p95 < TARGET_P95_MS ? 'met' : 'MISSED'}`,
);
const load = os.loadavg().map((l) => l.toFixed(1));
console.log(`load average while it ran (1, 5, 15 min): ${load.join(', ')} on ${os.cpus().length} cores`);
