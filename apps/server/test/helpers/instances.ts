import { collectEvents, type EventCollector } from './sse';
import { alertOf, consoleHeaders, press, startServer, type ServerProcess } from './spawn';

/**
 * Several Vigil instances on one PostgreSQL: shared by test/instances.test.ts and
 * bench/instances.bench.ts.
 */

/** Starts one instance per port, all at once, on one database (each migrates and seeds as it starts). */
export async function startInstances(
  databaseUrl: string,
  ports: number[],
  seedDemo = true,
): Promise<ServerProcess[]> {
  const names = 'ABCDEFGH';
  return Promise.all(
    ports.map((port, i) => startServer({ name: names[i], port, databaseUrl, seedDemo, readyMs: 90_000 })),
  );
}

/** A console's stream that notes when each tag's alert first arrives opened ('notified'). */
export type TimedConsole = EventCollector & { arrivals: Map<string, number> };

export async function timedConsole(url: string, lastEventId?: number): Promise<TimedConsole> {
  const arrivals = new Map<string, number>();
  const stream = await collectEvents(url, consoleHeaders, lastEventId, (event) => {
    const alert = alertOf(event.data);
    if (alert?.state === 'notified' && !arrivals.has(alert.tag)) arrivals.set(alert.tag, performance.now());
  });
  return Object.assign(stream, { arrivals });
}

/**
 * Presses each tag on `from` (one after another, or `together` at a time) and times each until its
 * alert reaches `on`'s console. Answers the times in ms from the post (`total`) and from the
 * gateway's answer, i.e. the commit (`afterAnswer`, at least 0); Infinity for one that never arrived.
 */
export async function pressToConsole(
  from: string,
  on: TimedConsole,
  tags: string[],
  together = 1,
  waitMs = 5000,
): Promise<{ total: number[]; afterAnswer: number[] }> {
  const total: number[] = [];
  const afterAnswer: number[] = [];
  for (let i = 0; i < tags.length; i += together) {
    const group = tags.slice(i, i + together);
    const answers = await Promise.all(
      group.map(async (tag) => {
        const res = await press(from, tag, `latency-${tag}`);
        if (res.status !== 200) throw new Error(`press of ${tag} on ${from} answered ${res.status}`);
        return res;
      }),
    );
    const deadline = Date.now() + waitMs;
    while (group.some((t) => !on.arrivals.has(t)) && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 5));
    }
    for (const res of answers) {
      const arrived = on.arrivals.get(res.tag) ?? Infinity;
      total.push(arrived - res.sentAt);
      afterAnswer.push(Math.max(0, arrived - res.answeredAt));
    }
  }
  return { total, afterAnswer };
}

export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? NaN;
}
