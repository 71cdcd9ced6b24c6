// Presses through the device API (POST /api/ingest/button-events with the demo gateway key, as a
// gateway posts them: docs/DEVICE-API.md) at a steady rate while some other work runs, and the
// latency of each post. Used by bench/lists.bench.ts and bench/reports.bench.ts.
import { eventsForPattern } from '@vigil/domain';
import { DEMO_GATEWAY_KEY, DEMO_TAG_IDS } from '../apps/server/src/db/seed';
import { pct } from './stats';

export type PressOptions = {
  /** Posts per second, open loop (a slow answer does not delay the next post). */
  rate: number;
  /** The tags pressed, in turn (default: the demo's). */
  tags?: readonly string[];
  /** The gateway that hears them (default: the demo's first). */
  gateway?: string;
  /** Each answer's result (the alert a press opened or joined). */
  onResult?: (result: { tag: string; alertId?: string; status?: string }) => void;
};

export type PressFigures<T> = {
  result: T;
  posts: number;
  /** ' (n failed: reasons)' or ''. */
  failed: string;
  p50: number;
  p99: number;
  max: number;
};

let nonces = 0;

/** Open-loop presses at `rate` per second until `work` resolves; latencies of each post. */
export async function pressesDuring<T>(
  url: string,
  options: PressOptions,
  work: () => Promise<T>,
): Promise<PressFigures<T>> {
  const tags = options.tags ?? DEMO_TAG_IDS;
  const auth = {
    authorization: `Basic ${Buffer.from(`${DEMO_GATEWAY_KEY}:`).toString('base64')}`,
    'content-type': 'application/json',
  };
  const latencies: number[] = [];
  const failures: string[] = [];
  const inFlight: Promise<void>[] = [];
  let n = 0;
  let running = true;
  const timer = setInterval(() => {
    if (!running) return;
    const tag = tags[n++ % tags.length]!;
    const body = JSON.stringify({
      gateway: options.gateway ?? 'b0a710000001',
      buttonEvents: [{ tag, nonce: `bench-${process.pid}-${nonces++}`, events: eventsForPattern('help') }],
    });
    const started = performance.now();
    inFlight.push(
      fetch(`${url}/api/ingest/button-events`, { method: 'POST', headers: auth, body })
        .then(async (res) => {
          const text = await res.text();
          if (!res.ok) throw new Error(`ingest ${res.status}`);
          latencies.push(performance.now() - started);
          if (options.onResult) {
            const answer = JSON.parse(text) as { results?: { alertId?: string; status?: string }[] };
            options.onResult({ tag, ...answer.results?.[0] });
          }
        })
        .catch((err: Error) => {
          failures.push(err.message);
        }),
    );
  }, 1000 / options.rate);
  const result = await work();
  running = false;
  clearInterval(timer);
  await Promise.all(inFlight);
  latencies.sort((a, b) => a - b);
  return {
    result,
    posts: latencies.length,
    failed: failures.length ? ` (${failures.length} failed: ${[...new Set(failures)].join('; ')})` : '',
    p50: pct(latencies, 0.5),
    p99: pct(latencies, 0.99),
    max: latencies.at(-1)!,
  };
}
