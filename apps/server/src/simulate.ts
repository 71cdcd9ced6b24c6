import crypto from 'node:crypto';
import { parseArgs } from 'node:util';
import {
  PRESS_PATTERN_NAMES,
  buttonEventsResultSchema,
  eventsForPattern,
  parseMac,
  type PressPatternName,
} from '@vigil/domain';
import { DEMO_GATEWAY_IDS, DEMO_GATEWAY_KEY, DEMO_TAG_IDS } from './db/seed';

/**
 * `vigil simulate`: drives a running server like a site — gateways heartbeating, tags
 * pressing at a chosen rate, some presses re-sent with the same nonce — for demos and load tests.
 * It talks only to the URL it is given (default this machine) and stops at its duration and count.
 */

export const SIMULATE_USAGE = `vigil simulate [options]   drive a running server like a site

  --url <url>          server to drive (default http://localhost:8080)
  --key <key>          gateway key (default the demo organisation's)
  --gateways <n>       gateways heartbeating and reporting presses (default 2, at most 100)
  --gateway-ids <ids>  their MACs, comma-separated (default the demo gateways b0a710000001…)
  --tags <ids>         tag MACs pressed in turn, comma-separated (default the 8 demo tags)
  --rate <n>           presses per second (default 1, at most 500)
  --pattern <p>        help | activeShooter | dangerHold | test | mixed (default help)
  --duration <s>       seconds of presses (default 10, at most 3600)
  --retries <f>        fraction of presses re-sent with the same nonce (default 0.1)
  --heartbeat <s>      seconds between a gateway's heartbeats (default 5)
  --max-presses <n>    stop after this many presses (default rate × duration, at most 1000000)
`;

export const SIMULATE_LIMITS = {
  gateways: 100,
  rate: 500,
  durationS: 3600,
  presses: 1_000_000,
  /** Presses awaiting their answer at once; the next waits for a slot. */
  inFlight: 64,
  requestTimeoutMs: 30_000,
} as const;

export type SimulatePattern = PressPatternName | 'mixed';

export type SimulateOptions = {
  url: string;
  key: string;
  gateways: string[];
  tags: string[];
  rate: number;
  pattern: SimulatePattern;
  durationS: number;
  retries: number;
  heartbeatS: number;
  maxPresses: number;
};

/** Reads `vigil simulate` arguments; throws an Error whose message says what is wrong. */
export function parseSimulateArgs(args: string[]): SimulateOptions {
  const { values } = parseArgs({
    args,
    options: {
      url: { type: 'string', default: 'http://localhost:8080' },
      key: { type: 'string', default: DEMO_GATEWAY_KEY },
      gateways: { type: 'string', default: '2' },
      'gateway-ids': { type: 'string' },
      tags: { type: 'string' },
      rate: { type: 'string', default: '1' },
      pattern: { type: 'string', default: 'help' },
      duration: { type: 'string', default: '10' },
      retries: { type: 'string', default: '0.1' },
      heartbeat: { type: 'string', default: '5' },
      'max-presses': { type: 'string' },
    },
    strict: true,
  });
  const url = new URL(values.url);
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error('--url must be http(s)');
  const number = (name: string, text: string, min: number, max: number) => {
    const n = Number(text);
    if (!Number.isFinite(n) || n < min || n > max)
      throw new Error(`--${name} must be between ${min} and ${max}`);
    return n;
  };
  const macs = (name: string, text: string) =>
    text.split(',').map((raw) => {
      const mac = parseMac(raw.trim());
      if (!mac.ok) throw new Error(`--${name}: ${raw.trim()} is not a MAC (${mac.reason})`);
      return mac.value;
    });
  const count = Math.floor(number('gateways', values.gateways, 1, SIMULATE_LIMITS.gateways));
  const gatewayIds = values['gateway-ids'] ? macs('gateway-ids', values['gateway-ids']) : DEMO_GATEWAY_IDS;
  if (gatewayIds.length < count) {
    throw new Error(
      `--gateways ${count} needs as many gateway ids (${gatewayIds.length} given): use --gateway-ids`,
    );
  }
  const pattern = values.pattern as SimulatePattern;
  if (pattern !== 'mixed' && !(PRESS_PATTERN_NAMES as readonly string[]).includes(pattern)) {
    throw new Error(`--pattern must be one of ${[...PRESS_PATTERN_NAMES, 'mixed'].join(', ')}`);
  }
  const rate = number('rate', values.rate, 0.01, SIMULATE_LIMITS.rate);
  const durationS = number('duration', values.duration, 0, SIMULATE_LIMITS.durationS);
  const maxPresses = values['max-presses']
    ? Math.floor(number('max-presses', values['max-presses'], 0, SIMULATE_LIMITS.presses))
    : Math.min(SIMULATE_LIMITS.presses, Math.ceil(rate * durationS));
  return {
    url: url.toString().replace(/\/$/, ''),
    key: values.key,
    gateways: gatewayIds.slice(0, count),
    tags: values.tags ? macs('tags', values.tags) : DEMO_TAG_IDS,
    rate,
    pattern,
    durationS,
    retries: number('retries', values.retries, 0, 1),
    heartbeatS: number('heartbeat', values.heartbeat, 0.5, 3600),
    maxPresses,
  };
}

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
  const auth = `Basic ${Buffer.from(`${opts.key}:`).toString('base64')}`;
  const run = crypto.randomBytes(4).toString('hex');
  const report: SimulateReport = {
    elapsedMs: 0,
    presses: 0,
    statuses: {},
    errors: {},
    retries: { sent: 0, matched: 0, mismatched: 0 },
    heartbeats: { ok: 0, failed: 0, commands: 0 },
    latency: null,
  };
  const latencies: number[] = [];
  const seenErrors = new Set<string>();
  const fail = (kind: string, detail: string) => {
    report.errors[kind] = (report.errors[kind] ?? 0) + 1;
    if (!seenErrors.has(kind)) {
      seenErrors.add(kind);
      log(`error ${kind}: ${detail}`);
    }
  };

  const postJson = async (path: string, body: unknown) => {
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

  const start = Date.now();
  const end = start + opts.durationS * 1000;
  let stopping = false;
  let stop = () => {};
  const stopped = new Promise<void>((resolve) => (stop = resolve));
  const pause = (ms: number) => Promise.race([sleep(ms), stopped]);

  const heartbeat = async (gateway: string) => {
    const res = await postJson('/api/ingest/heartbeats', {
      gateway,
      status: 'connected',
      version: { app: `simulate-${run}` },
      hardware: { revision: 'v3' },
      adminMode: false,
      diagnostics: { button: 100, coverage: 100, floor: 100 },
    });
    if (res.status === 200) {
      report.heartbeats.ok++;
      try {
        report.heartbeats.commands += (JSON.parse(res.text) as { commands: unknown[] }).commands.length;
      } catch {
        fail('bad heartbeat answer', res.text.slice(0, 200));
      }
    } else {
      report.heartbeats.failed++;
      fail(res.kind ?? `heartbeat ${res.status}`, res.text.slice(0, 200));
    }
  };
  const beating = opts.gateways.map(async (gateway, i) => {
    await pause((i * opts.heartbeatS * 1000) / opts.gateways.length); // spread them out
    while (!stopping) {
      await heartbeat(gateway);
      await pause(opts.heartbeatS * 1000);
    }
  });

  const inFlight = new Set<Promise<void>>();
  const track = (press: Promise<void>) => {
    const work = press
      .catch((err: unknown) => fail('bad answer', (err as Error).message))
      .finally(() => inFlight.delete(work));
    inFlight.add(work);
  };

  const pressOnce = async (i: number) => {
    const body = {
      gateway: opts.gateways[i % opts.gateways.length],
      buttonEvents: [
        {
          tag: opts.tags[i % opts.tags.length],
          nonce: `${run}-${i}`,
          events: eventsForPattern(pickPattern(opts.pattern)),
        },
      ],
    };
    const res = await postJson('/api/ingest/button-events', body);
    if (res.status !== 200 && res.status !== 202) {
      fail(res.kind ?? String(res.status), res.text.slice(0, 200));
      return;
    }
    latencies.push(res.ms);
    const first = buttonEventsResultSchema.parse(JSON.parse(res.text)).results[0];
    report.statuses[first.status] = (report.statuses[first.status] ?? 0) + 1;

    if (Math.random() < opts.retries) {
      // A gateway that missed the answer sends the same event again: same nonce, same alert.
      await sleep(50 + Math.random() * 200);
      report.retries.sent++;
      const again = await postJson('/api/ingest/button-events', body);
      if (again.status !== res.status) {
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
  };

  for (let i = 0; i < opts.maxPresses; i++) {
    const due = start + (i * 1000) / opts.rate;
    if (due >= end) break;
    const wait = due - Date.now();
    if (wait > 0) await sleep(wait);
    while (inFlight.size >= SIMULATE_LIMITS.inFlight) await Promise.race(inFlight);
    report.presses++;
    track(pressOnce(i));
  }
  await Promise.all(inFlight);
  stopping = true;
  stop();
  await Promise.all(beating); // a heartbeat under way ends within the request timeout

  report.elapsedMs = Date.now() - start;
  if (latencies.length) {
    const sorted = [...latencies].sort((a, b) => a - b);
    const round = (n: number) => Math.round(n * 10) / 10;
    report.latency = {
      p50: round(percentile(sorted, 50)),
      p90: round(percentile(sorted, 90)),
      p99: round(percentile(sorted, 99)),
      max: round(sorted[sorted.length - 1]),
    };
  }
  return report;
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
