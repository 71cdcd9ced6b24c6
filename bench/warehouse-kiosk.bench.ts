// A scan acknowledged on the kiosk (issue 22 "Speed": p95 < 150 ms with 10 scans a second typed by
// a scanner, none lost), in Debian's Chromium: the kiosk's side of bench/warehouse-scan.bench.ts.
// The real server (a process of its own, bench/server-process.ts) serving the built console; the
// factory user signed in through the login screen types, on /factory/home with SKU TAG5 chosen,
// BENCH_SCANS new device ids as a hand-held scanner does (the id's keystrokes, then Enter), one
// scan every 100 ms from a fixed schedule (a slow answer does not slow the scanner; a scan typed
// late is counted in "scanner late"); then packs them (Pack boxes); then the warehouse user
// receives BENCH_SCANS boxes (Receive: box labels). The devices and boxes beyond the measured ones
// are registered (before) and packed (after) through the API, unmeasured, as
// bench/warehouse-scan.bench.ts does.
//
// Acknowledged = from the scan's Enter keydown (its event.timeStamp, the moment the browser took
// the key, noted by a capturing listener) to the next frame painted after its answer joined the
// page's "Scans" log (a MutationObserver, then a requestAnimationFrame and a task posted from it,
// as bench/reports.bench.ts notes a paint). The log keeps SCAN_LOG_SIZE entries, so each entry is
// noted as it is added and matched to its scan by the id it names. Lost = a scan with no entry in
// the log once the queue has drained; the server's stored scans (warehouse_scans with an answer)
// are counted too. Where the time goes, per scan (resource timing of POST /api/warehouse/scan): in
// the queue (Enter → the request leaves: the scans before it, the enqueue and React's effect), the
// request (loopback and the server's transaction; "(server)" its request sent → first byte), the
// render (answer → entry in the DOM: JSON, zod, React) and the frame (DOM → painted); "turn", while
// scans wait, the kiosk's own time from one answer to the next request.
//
// Typing: bench/hid-scanner.ts, a USB scanner's keystrokes (real key events with their `input`,
// which insertText would not be) sent over CDP every SCANNER_KEY_MS (2 ms: a 12-character id and
// Enter in ~25 ms, a real scanner's pace) on the fixed schedule, without waiting for the page to
// handle each (Playwright's keyboard.type does wait: a busy page would slow the scanner down and
// hide its own backlog). "typing ms" is the first keydown → Enter in the page; "scanner late" how
// late a scan's first key left this process (its own timers under load).
//
// BENCH_SCANS=300 BENCH_DB=pglite,postgres (PostgreSQL: DATABASE_URL's server, else 127.0.0.1:5432,
// a fresh database dropped after). BENCH_CONSOLE_DIR: a built console (else apps/console is built
// into a temporary folder). Figures: docs/BENCHMARKS.md "Warehouse scans (issue 22)".
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { openDatabase } from '../apps/server/src/platform/db/client';
import { DEMO_PASSWORD, seedDemo } from '../apps/server/src/db/seed';
import { freshPostgresDatabase, postgresAnswers } from '../apps/server/test/helpers/spawn';
import { launchChromium } from './chromium';
import { consoleBuild } from './floor-map-setup';
import { HidScanner, SCANNER_KEY_MS } from './hid-scanner';
import { Server } from './server-process';
import { apiSignIn } from './api-sign-in';
import { f1, pct, sorted } from './stats';

const env = process.env;
const SCANS = Number(env.BENCH_SCANS ?? 300);
const DATABASES = (env.BENCH_DB ?? 'pglite,postgres').split(',');
const INTERVAL_MS = 100;
const TARGET_P95_MS = 150;
const DRAIN_MS = 120_000;

/**
 * Runs in the kiosk's page before its scripts. Plain JavaScript in a string: tsx would rename a
 * function's helpers. Notes each Enter (and the keystrokes since the one before), each scan log
 * entry added (and the next frame painted after it) and each POST /api/warehouse/scan's timing.
 */
const PROBE = `(() => {
  const probe = { enters: [], shown: [], requests: [] };
  window.__kioskBench = probe;
  let firstKey = null;
  addEventListener('keydown', (e) => {
    if (e.key !== 'Enter') { if (firstKey === null) firstKey = e.timeStamp; return; }
    const t = e.target;
    probe.enters.push({ at: e.timeStamp, handled: performance.now(), typing: firstKey === null ? 0 : e.timeStamp - firstKey,
      text: t instanceof HTMLInputElement ? t.value.trim() : '' });
    firstKey = null;
  }, true);
  const ITEM = 'section[aria-label="Scans"] li';
  const seen = new WeakSet();
  new MutationObserver((records) => {
    const at = performance.now();
    const fresh = [];
    for (const r of records) for (const n of r.addedNodes) {
      if (!(n instanceof Element)) continue;
      for (const li of n.matches(ITEM) ? [n] : n.querySelectorAll(ITEM)) {
        if (seen.has(li)) continue;
        seen.add(li);
        fresh.push({ at, frame: null, text: li.textContent, understood: (li.querySelector('p') || li).textContent });
      }
    }
    probe.shown.push(...fresh);
    if (fresh.length) requestAnimationFrame(() => setTimeout(() => {
      const frame = performance.now();
      for (const s of fresh) s.frame = frame;
    }, 0));
  }).observe(document, { childList: true, subtree: true });
  performance.setResourceTimingBufferSize(100000);
  new PerformanceObserver((list) => {
    for (const e of list.getEntries())
      if (e.name.includes('/api/warehouse/scan'))
        probe.requests.push({ start: e.startTime, sent: e.requestStart, first: e.responseStart, end: e.responseEnd });
  }).observe({ type: 'resource', buffered: false });
})();`;

type Probe = {
  enters: { at: number; handled: number; typing: number; text: string }[];
  shown: { at: number; frame: number | null; text: string; understood: string }[];
  requests: { start: number; sent: number; first: number; end: number }[];
};

type Figures = {
  ack: number[];
  dom: number[];
  queue: number[];
  request: number[];
  server: number[];
  render: number[];
  /** A backlog's gap between one answer and the next request (the kiosk's own turn). */
  turn: number[];
  frame: number[];
  typing: number[];
  late: number[];
  lost: number;
  notDone: number;
  requests: number;
  /** The 1-minute load average at the run's end. */
  load: number;
};

/**
 * `texts` typed into the focused field one every INTERVAL_MS from a fixed schedule, then the log
 * awaited until every scan has its entry (or DRAIN_MS without): each scan's figures.
 */
async function scanRun(page: Page, texts: string[]): Promise<Figures> {
  await page.evaluate('Object.values(window.__kioskBench).forEach((a) => { a.length = 0; })');
  const scanner = await HidScanner.on(page);
  const late: number[] = [];
  const start = performance.now() + 50;
  for (let i = 0; i < texts.length; i++) late.push(await scanner.scan(texts[i]!, start + i * INTERVAL_MS));
  await scanner.drained();
  await scanner.detach();
  await page
    .waitForFunction(
      (n) => {
        const p = (window as unknown as { __kioskBench: Probe }).__kioskBench;
        return p.shown.length >= n && p.shown.every((s) => s.frame !== null);
      },
      texts.length,
      { timeout: DRAIN_MS, polling: 100 },
    )
    .catch(() => undefined);
  const probe = (await page.evaluate('window.__kioskBench')) as Probe;
  const figures: Figures = {
    ...{ ack: [], dom: [], queue: [], request: [], server: [], render: [], frame: [], turn: [] },
    typing: probe.enters.map((e) => e.typing),
    late,
    lost: 0,
    notDone: 0,
    requests: probe.requests.length,
    load: os.loadavg()[0]!,
  };
  // The queue sends one scan at a time, in order: the i-th request is the i-th scan's (no retries).
  const inOrder = probe.requests.length === texts.length;
  texts.forEach((text, i) => {
    const enter = probe.enters.find((e) => e.text === text);
    // Its entry's first line: what was understood, 'Device 5d…' or 'Box TAG5-…'.
    const named = (s: Probe['shown'][number]) =>
      s.understood.toLowerCase() === text.toLowerCase() ||
      s.understood.toLowerCase().endsWith(` ${text.toLowerCase()}`);
    const shown = probe.shown.find(named);
    if (!enter || !shown || shown.frame === null) {
      figures.lost++;
      return;
    }
    if (!shown.text.startsWith('Done')) figures.notDone++;
    figures.ack.push(shown.frame - enter.at);
    figures.dom.push(shown.at - enter.at);
    figures.frame.push(shown.frame - shown.at);
    const req = inOrder ? probe.requests[i]! : undefined;
    if (!req) return;
    figures.queue.push(req.start - enter.at);
    figures.request.push(req.end - req.start);
    figures.server.push(req.first - req.sent);
    figures.render.push(shown.at - req.end);
    const before = probe.requests[i - 1];
    if (before && enter.at < before.end) figures.turn.push(req.start - before.end);
  });
  return figures;
}

/** One scan through the API (the unmeasured devices and boxes); its label's barcode if it printed one. */
async function scanOnce(address: string, headers: Record<string, string>, body: object) {
  const res = await fetch(`${address}/api/warehouse/scan`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ ...body, idempotencyKey: crypto.randomUUID() }),
  });
  if (res.status !== 200) throw new Error(`${res.status} ${await res.text()}`);
  return ((await res.json()) as { print: { barcode: string } | null }).print?.barcode;
}

/** A kiosk signed in through its login screen (`authSlug`), landed on `home`. */
async function kiosk(browser: Browser, base: string, email: string, authSlug: string, home: RegExp) {
  const context = await browser.newContext({ viewport: { width: 1024, height: 768 } });
  await context.addInitScript({ content: PROBE });
  const page = await context.newPage();
  await page.goto(`${base}/login?authSlug=${authSlug}`);
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await page.getByRole('textbox', { name: 'Password' }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.waitForURL(home);
  return page;
}

/** The server's stored answers to scans of `texts` at `step`. */
async function stored(server: Server, step: string, texts: string[]) {
  const [row] = await server.sql<{ n: number }>(
    `select count(*)::int as n from warehouse_scans where step = '${step}' and answer is not null and text = any('{${texts.join(',')}}'::text[])`,
  );
  return row!.n;
}

type Row = Record<string, string | number>;
const rows: Row[] = [];
const parts: Row[] = [];
const verdicts: string[] = [];
const load = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(', ');

async function run(kind: 'pglite' | 'postgres', browser: Browser, consoleDir: string) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vigil-bench-kiosk-scans-'));
  const fresh = kind === 'postgres' ? await freshPostgresDatabase('vigil_bench_kiosk_scans') : undefined;
  let server: Server | undefined;
  try {
    const database = await openDatabase({ databaseUrl: fresh?.url, dataDir });
    await seedDemo(database.db);
    await database.close();
    server = await Server.start(dataDir, { databaseUrl: fresh?.url, consoleDir });
    const base = server.url;
    const factoryApi = await apiSignIn(base, 'factory@smp.example', 'factory');
    const macs = Array.from({ length: SCANS * 20 }, () => `5d${crypto.randomBytes(5).toString('hex')}`);
    const measured = macs.slice(0, SCANS);
    const results: [string, string, string[], Figures][] = [];
    console.log(`${kind}: load average ${load()}`);

    // The devices beyond the measured ones first (the server warm, as in a working day).
    for (const text of macs.slice(SCANS))
      await scanOnce(base, factoryApi, { step: 'register', text, sku: 'TAG5' });
    const factory = await kiosk(browser, base, 'factory@smp.example', 'factory', /\/factory\/home$/);
    await factory.getByRole('combobox', { name: 'SKU' }).click();
    await factory.getByRole('option', { name: 'TAG5', exact: true }).click();
    await factory.getByRole('textbox', { name: 'Scan or type a device id' }).focus();
    results.push(['register (a new tag)', 'register', measured, await scanRun(factory, measured)]);

    await factory.getByText('Pack boxes', { exact: true }).click();
    await factory.getByRole('textbox', { name: 'Scan a device or a box label' }).focus();
    results.push(['pack (a tag into its box)', 'pack', measured, await scanRun(factory, measured)]);
    await factory.context().close();
    const boxes = new Set(
      (
        await server.sql<{ barcode: string }>(
          `select distinct answer->'print'->>'barcode' as barcode from warehouse_scans where step = 'pack' and answer->'print' is not null and answer->'print' <> 'null'::jsonb`,
        )
      ).map((r) => r.barcode),
    );
    for (const text of macs.slice(SCANS)) {
      const barcode = await scanOnce(base, factoryApi, { step: 'pack', text });
      if (barcode) boxes.add(barcode);
    }

    const warehouse = await kiosk(
      browser,
      base,
      'warehouse@smp.example',
      'smpwarehouse',
      /\/warehouse\/home$/,
    );
    await warehouse.getByRole('link', { name: 'Receive' }).click();
    await warehouse.getByRole('textbox', { name: /Scan/ }).focus();
    const labels = [...boxes].slice(0, SCANS);
    results.push(['receive (a box of 20)', 'receive', labels, await scanRun(warehouse, labels)]);
    await warehouse.context().close();

    for (const [name, step, texts, f] of results) {
      const ack = sorted(f.ack);
      const p95 = pct(ack, 0.95);
      rows.push({
        db: kind,
        step: name,
        scans: texts.length,
        'p50 ms': f1(pct(ack, 0.5)),
        'p95 ms': f1(p95),
        'p99 ms': f1(pct(ack, 0.99)),
        'max ms': f1(ack.at(-1)!),
        'in DOM p95': f1(pct(sorted(f.dom), 0.95)),
        lost: f.lost,
        'not Done': f.notDone,
        stored: `${await stored(server, step, texts)}/${texts.length}`,
        'typing ms p50/max': `${f1(pct(sorted(f.typing), 0.5))}/${f1(sorted(f.typing).at(-1)!)}`,
        'scanner late max': f1(sorted(f.late).at(-1)!),
        load: f.load.toFixed(1),
      });
      const p = (xs: number[]) => `${f1(pct(sorted(xs), 0.5))} / ${f1(pct(sorted(xs), 0.95))}`;
      parts.push({
        db: kind,
        step: name,
        requests: f.requests,
        'queue p50/p95': p(f.queue),
        'request p50/p95': p(f.request),
        '(server) p50/p95': p(f.server),
        'render p50/p95': p(f.render),
        'frame p50/p95': p(f.frame),
        'turn p50/p95': p(f.turn),
      });
      verdicts.push(
        `${kind}, ${name}: p95 ${f1(p95)} ms, target < ${TARGET_P95_MS} ms: ${p95 < TARGET_P95_MS ? 'met' : 'MISSED'}; ` +
          `lost ${f.lost}: ${f.lost === 0 ? 'met' : 'MISSED'}`,
      );
    }
    console.log(`${kind}: done, load average ${load()}`);
  } finally {
    await server?.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
    await fresh?.drop();
  }
}

const build = consoleBuild();
const browser = await launchChromium();
try {
  for (const kind of DATABASES) {
    if (kind === 'postgres' && !(await postgresAnswers())) {
      console.log('PostgreSQL does not answer on 127.0.0.1:5432: skipped');
      continue;
    }
    await run(kind as 'pglite' | 'postgres', browser, build.dir);
  }
} finally {
  await browser.close();
  build.cleanup();
}
console.log(
  `\nscan → acknowledged on the kiosk (Enter → its answer painted in the log), ${SCANS} scans at 10/s, a key every ${SCANNER_KEY_MS} ms:`,
);
console.table(rows);
console.log('where the time goes (ms; queue: Enter → request sent, request: sent → answer, render: → DOM):');
console.table(parts);
for (const v of verdicts) console.log(v);
console.log(`load average after (1, 5, 15 min): ${load()} on ${os.cpus().length} cores`);
