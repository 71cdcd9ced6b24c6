import crypto from 'node:crypto';
import {
  buttonEventsResultSchema,
  eventsForPattern,
  type ButtonEventsResult,
  type PressPatternName,
} from '@vigil/domain';
import { SIMULATE_LIMITS, type SimulateOptions, type SimulatePattern } from './simulate-args';
import { startWalk, type WalkReport } from './simulate-walk';

export {
  SIMULATE_LIMITS,
  SIMULATE_USAGE,
  parseSimulateArgs,
  type SimulateOptions,
  type SimulatePattern,
} from './simulate-args';

/**
 * `vigil simulate`: drives a running server like a site — gateways heartbeating, tags
 * pressing at a chosen rate, some presses re-sent with the same nonce — for demos and load tests.
 * It talks only to the URL it is given (default this machine) and stops at its duration and count.
 */

export type SimulateReport = {
  elapsedMs: number;
  presses: number;
  /** Answers by button event status (created, joined, duplicate, unknown_tag). */
  statuses: Record<string, number>;
  /** Failed requests by HTTP status, or 'network' / 'timeout'. */
  errors: Record<string, number>;
  retries: { sent: number; matched: number; mismatched: number };
  heartbeats: { ok: number; failed: number; commands: number };
  /** Press answer times in ms. */
  latency: { p50: number; p90: number; p99: number; max: number } | null;
  /** The walking tags' sightings posts (`--sightings`). */
  sightings: WalkReport;
};

/** Mixed traffic is mostly help, with every other pattern present. */
const MIXED: readonly [PressPatternName, number][] = [
  ['help', 0.7],
  ['activeShooter', 0.1],
  ['dangerHold', 0.1],
  ['test', 0.1],
];

function pickPattern(pattern: SimulatePattern): PressPatternName {
  if (pattern !== 'mixed') return pattern;
  let r = Math.random();
  for (const [name, weight] of MIXED) {
    r -= weight;
    if (r < 0) return name;
  }
  return 'help';
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
}

/** Runs the simulation and answers what happened. `log` gets one line per failure kind, at most. */
export async function simulate(
  opts: SimulateOptions,
  log: (line: string) => void = () => {},
): Promise<SimulateReport> {
  const run = startRun(opts, log);
  const start = Date.now();
  const heartbeats = startHeartbeats(run);
  const walk = startWalk(opts, run.id, run.post, run.fail);
  await sendPresses(run, start);
  // Presses may stop early (--max-presses); the walk goes on for the duration.
  const left = start + opts.durationS * 1000 - Date.now();
  if (opts.sightings && left > 0) await sleep(left);
  await walk.stop();
  await heartbeats.stop();
  run.report.sightings = walk.report;
  run.report.elapsedMs = Date.now() - start;
  run.report.latency = latencyOf(run.latencies);
  return run.report;
}

type Answer = { status: number; text: string; ms: number; kind?: 'timeout' | 'network' };

/** What a simulation's parts share: its options, its report, and how it posts and fails. */
type Run = {
  opts: SimulateOptions;
  /** Tells this run's nonces and heartbeats from another's. */
  id: string;
  report: SimulateReport;
  /** Press answer times in ms. */
  latencies: number[];
  /** Counts a failure of this kind; logs the first of each kind. */
  fail: (kind: string, detail: string) => void;
  post: (path: string, body: unknown) => Promise<Answer>;
};

function startRun(opts: SimulateOptions, log: (line: string) => void): Run {
  const report: SimulateReport = {
    elapsedMs: 0,
    presses: 0,
    statuses: {},
    errors: {},
    retries: { sent: 0, matched: 0, mismatched: 0 },
    heartbeats: { ok: 0, failed: 0, commands: 0 },
    latency: null,
    sightings: { posts: 0, sightings: 0, accepted: 0, moved: 0, failed: 0 },
  };
  const seenErrors = new Set<string>();
  const fail = (kind: string, detail: string) => {
    report.errors[kind] = (report.errors[kind] ?? 0) + 1;
    if (!seenErrors.has(kind)) {
      seenErrors.add(kind);
      log(`error ${kind}: ${detail}`);
    }
  };
  return {
    opts,
    id: crypto.randomBytes(4).toString('hex'),
    report,
    latencies: [],
    fail,
    post: poster(opts),
  };
}

/** POSTs JSON with the gateway key; a network failure or timeout is an answer of status 0. */
function poster(opts: SimulateOptions): Run['post'] {
  const auth = `Basic ${Buffer.from(`${opts.key}:`).toString('base64')}`;
  return async (path, body) => {
    const started = performance.now();
    try {
      const res = await fetch(`${opts.url}${path}`, {
        method: 'POST',
        headers: { authorization: auth, 'content-type': 'application/json' },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(SIMULATE_LIMITS.requestTimeoutMs),
      });
      const text = await res.text();
      return { status: res.status, text, ms: performance.now() - started };
    } catch (err) {
      const kind = (err as Error).name === 'TimeoutError' ? 'timeout' : 'network';
      return { status: 0, text: (err as Error).message, ms: performance.now() - started, kind };
    }
  };
}

/** Every gateway heartbeats every `heartbeatS`, spread out, until `stop()` (which waits for them). */
function startHeartbeats(run: Run): { stop: () => Promise<void> } {
  const { opts } = run;
  let stopping = false;
  let wake = () => {};
  const stopped = new Promise<void>((resolve) => (wake = resolve));
  const pause = (ms: number) => Promise.race([sleep(ms), stopped]);
  const beating = opts.gateways.map(async (gateway, i) => {
    await pause((i * opts.heartbeatS * 1000) / opts.gateways.length); // spread them out
    while (!stopping) {
      await heartbeat(run, gateway);
      await pause(opts.heartbeatS * 1000);
    }
  });
  return {
    async stop() {
      stopping = true;
      wake();
      await Promise.all(beating); // a heartbeat under way ends within the request timeout
    },
  };
}

async function heartbeat(run: Run, gateway: string): Promise<void> {
  const { report, fail } = run;
  const res = await run.post('/api/ingest/heartbeats', {
    gateway,
    status: 'connected',
    version: { app: `simulate-${run.id}` },
    hardware: { revision: 'v3' },
    adminMode: false,
    diagnostics: { button: 100, coverage: 100, floor: 100 },
  });
  if (res.status !== 200) {
    report.heartbeats.failed++;
    fail(res.kind ?? `heartbeat ${res.status}`, res.text.slice(0, 200));
    return;
  }
  report.heartbeats.ok++;
  try {
    report.heartbeats.commands += (JSON.parse(res.text) as { commands: unknown[] }).commands.length;
  } catch {
    fail('bad heartbeat answer', res.text.slice(0, 200));
  }
}

/** Presses at `rate` from `start` until the duration or `maxPresses`, at most `inFlight` unanswered. */
async function sendPresses(run: Run, start: number): Promise<void> {
  const { opts, report } = run;
  const end = start + opts.durationS * 1000;
  const inFlight = new Set<Promise<void>>();
  const track = (press: Promise<void>) => {
    const work = press
      .catch((err: unknown) => run.fail('bad answer', (err as Error).message))
      .finally(() => inFlight.delete(work));
    inFlight.add(work);
  };
  for (let i = 0; i < opts.maxPresses; i++) {
    const due = start + (i * 1000) / opts.rate;
    if (due >= end) break;
    const wait = due - Date.now();
    if (wait > 0) await sleep(wait);
    while (inFlight.size >= SIMULATE_LIMITS.inFlight) await Promise.race(inFlight);
    report.presses++;
    track(pressOnce(run, i));
  }
  await Promise.all(inFlight);
}

/** The i-th press: a tag and gateway in turn; a `retries` fraction of them is sent twice. */
async function pressOnce(run: Run, i: number): Promise<void> {
  const { opts, report } = run;
  const body = {
    gateway: opts.gateways[i % opts.gateways.length],
    buttonEvents: [
      {
        tag: opts.tags[i % opts.tags.length],
        nonce: `${run.id}-${i}`,
        events: eventsForPattern(pickPattern(opts.pattern)),
      },
    ],
  };
  const res = await run.post('/api/ingest/button-events', body);
  if (res.status !== 200 && res.status !== 202) {
    run.fail(res.kind ?? String(res.status), res.text.slice(0, 200));
    return;
  }
  run.latencies.push(res.ms);
  const first = buttonEventsResultSchema.parse(JSON.parse(res.text)).results[0];
  report.statuses[first.status] = (report.statuses[first.status] ?? 0) + 1;
  if (Math.random() < opts.retries) await retrySame(run, body, res.status, first);
}

type PressResult = ButtonEventsResult['results'][number];

/** A gateway that missed the answer sends the same event again: same nonce, same alert. */
async function retrySame(run: Run, body: object, status: number, first: PressResult): Promise<void> {
  const { report, fail } = run;
  await sleep(50 + Math.random() * 200);
  report.retries.sent++;
  const again = await run.post('/api/ingest/button-events', body);
  if (again.status !== status) {
    report.retries.mismatched++;
    fail(again.kind ?? `retry ${again.status}`, again.text.slice(0, 200));
    return;
  }
  const second = buttonEventsResultSchema.parse(JSON.parse(again.text)).results[0];
  const same =
    first.status === 'unknown_tag'
      ? second.status === 'unknown_tag'
      : second.status === 'duplicate' && second.alertId === first.alertId;
  if (same) report.retries.matched++;
  else {
    report.retries.mismatched++;
    fail('retry mismatch', `first ${JSON.stringify(first)}, retry ${JSON.stringify(second)}`);
  }
}

function latencyOf(latencies: number[]): SimulateReport['latency'] {
  if (!latencies.length) return null;
  const sorted = [...latencies].sort((a, b) => a - b);
  const round = (n: number) => Math.round(n * 10) / 10;
  return {
    p50: round(percentile(sorted, 50)),
    p90: round(percentile(sorted, 90)),
    p99: round(percentile(sorted, 99)),
    max: round(sorted[sorted.length - 1]),
  };
}

/** The report as the CLI prints it. */
export function formatReport(opts: SimulateOptions, report: SimulateReport): string {
  const list = (counts: Record<string, number>) =>
    Object.entries(counts)
      .map(([k, v]) => `${k} ${v}`)
      .join(', ') || 'none';
  const lines = [
    `simulated ${opts.gateways.length} gateway(s), ${opts.tags.length} tag(s), pattern ${opts.pattern}, against ${opts.url}`,
    `presses sent   ${report.presses} in ${(report.elapsedMs / 1000).toFixed(1)} s (${opts.rate}/s asked)`,
    `answers        ${list(report.statuses)}`,
    `retries        ${report.retries.sent} sent, ${report.retries.matched} answered like the first, ${report.retries.mismatched} not`,
    `heartbeats     ${report.heartbeats.ok} ok, ${report.heartbeats.failed} failed, ${report.heartbeats.commands} command(s) received`,
    ...(opts.sightings
      ? [
          `sightings      ${report.sightings.posts} posts of ${opts.sightings} walking tag(s): ${report.sightings.sightings} sent, ${report.sightings.accepted} accepted, ${report.sightings.moved} move(s), ${report.sightings.failed} failed`,
        ]
      : []),
    `errors         ${list(report.errors)}`,
    report.latency
      ? `press latency  p50 ${report.latency.p50} ms, p90 ${report.latency.p90} ms, p99 ${report.latency.p99} ms, max ${report.latency.max} ms`
      : 'press latency  (no answers)',
  ];
  return lines.join('\n');
}

/** Whether the run found a problem (the CLI exits 1). */
export function reportFailed(report: SimulateReport): boolean {
  return Object.keys(report.errors).length > 0 || report.retries.mismatched > 0;
}
