import { nextLocalMidnight } from '@vigil/domain';

/**
 * SPEC §7 "analytics cache expires at local midnight": answers kept per instance until the
 * organisation's next local midnight, keyed by everything an answer depends on (organisation,
 * caller's scope, zone, days, options), so no two organisations or scopes share one. A day's
 * closes show the next day. Concurrent asks for one answer share its computation.
 */
export class MidnightCache {
  /** The clock expiries are read from (tests move it instead of waiting for midnight). */
  clock: () => Date = () => new Date();
  private readonly entries = new Map<string, { answer: Promise<unknown>; until: number }>();

  constructor(private readonly maxEntries = 500) {}

  get<T>(key: string, timeZone: string, compute: () => Promise<T>): Promise<T> {
    const now = this.clock();
    const hit = this.entries.get(key);
    if (hit && hit.until > now.getTime()) return hit.answer as Promise<T>;
    this.entries.delete(key);
    this.makeRoom(now.getTime());
    const answer = compute();
    this.entries.set(key, { answer, until: nextLocalMidnight(now, timeZone).getTime() });
    // A failure is not kept: the next ask computes again.
    answer.catch(() => {
      if (this.entries.get(key)?.answer === answer) this.entries.delete(key);
    });
    return answer;
  }

  clear(): void {
    this.entries.clear();
  }

  private makeRoom(now: number): void {
    if (this.entries.size < this.maxEntries) return;
    for (const [key, entry] of this.entries) if (entry.until <= now) this.entries.delete(key);
    // Still full: the oldest answers go first (a Map keeps insertion order).
    for (const key of this.entries.keys()) {
      if (this.entries.size < this.maxEntries) break;
      this.entries.delete(key);
    }
  }
}

/** This instance's analytics answers. */
export const analyticsCache = new MidnightCache();
