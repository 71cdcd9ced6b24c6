import { sightingsAnswerSchema } from '@vigil/domain';
import { SIMULATE_LIMITS, type SimulateOptions } from './simulate-args';

/** What the walking tags' sightings came to. */
export type WalkReport = {
  posts: number;
  sightings: number;
  accepted: number;
  moved: number;
  failed: number;
};

type Post = (path: string, body: unknown) => Promise<{ status: number; text: string; kind?: string }>;

/**
 * Signal strength a gateway hears a tag at, by how many gateways away the tag is (the gateways
 * stand in a line, each beside the next): the nearest strongest, none beyond two.
 */
export function rssiAt(distance: number, noise = Math.random()): number | undefined {
  const base = [-55, -72, -86][distance];
  return base === undefined ? undefined : base - Math.round(noise * 6);
}

/**
 * `vigil simulate --sightings n` (issue 20): the first n tags walk along the gateways, each moving to
 * a neighbouring gateway every ~walkEveryS seconds; every second each gateway posts what it heard
 * (POST /api/ingest/sightings), until `stop()` (which waits for the posts under way).
 */
export function startWalk(
  opts: SimulateOptions,
  runId: string,
  post: Post,
  fail: (kind: string, detail: string) => void,
): { report: WalkReport; stop: () => Promise<void> } {
  const report: WalkReport = { posts: 0, sightings: 0, accepted: 0, moved: 0, failed: 0 };
  const tags = opts.tags.slice(0, opts.sightings);
  const gateways = opts.gateways;
  // Spread along the line to start with.
  const at = tags.map((_, i) => i % gateways.length);
  let second = 0;
  const pending = new Set<Promise<void>>();
  const tick = () => {
    second++;
    for (let i = 0; i < tags.length; i++) {
      if (gateways.length > 1 && Math.random() < 1 / SIMULATE_LIMITS.walkEveryS) {
        const step = at[i] === 0 ? 1 : at[i] === gateways.length - 1 ? -1 : Math.random() < 0.5 ? -1 : 1;
        at[i] = at[i]! + step;
      }
    }
    const now = new Date().toISOString();
    gateways.forEach((gateway, g) => {
      const sightings = tags.flatMap((tag, i) => {
        const rssi = rssiAt(Math.abs(at[i]! - g));
        return rssi === undefined ? [] : [{ tag, rssi, at: now }];
      });
      if (!sightings.length) return;
      const p = send(gateway, { gateway, batch: `${runId}-${g}-${second}`, sightings }).finally(() =>
        pending.delete(p),
      );
      pending.add(p);
    });
  };
  const send = async (gateway: string, body: { gateway: string; batch: string; sightings: unknown[] }) => {
    const res = await post('/api/ingest/sightings', body);
    report.posts++;
    report.sightings += body.sightings.length;
    if (res.status !== 200) {
      report.failed++;
      fail(res.kind ?? `sightings ${res.status}`, `${gateway}: ${res.text.slice(0, 200)}`);
      return;
    }
    const answer = sightingsAnswerSchema.safeParse(JSON.parse(res.text));
    if (!answer.success) return fail('bad sightings answer', res.text.slice(0, 200));
    report.accepted += answer.data.accepted;
    report.moved += answer.data.moved;
  };
  const timer = tags.length ? setInterval(tick, 1000) : undefined;
  if (timer) tick();
  return {
    report,
    async stop() {
      if (timer) clearInterval(timer);
      await Promise.all(pending);
    },
  };
}
