import { isEmbedded, type Db } from '../platform/db/client';
import { buttonEventsWaiting } from '../ingest';
import type { FlushPost } from './decide';
import { SightingsRace, writeFlush, type FlushOutcome } from './flush';
import { PositionCache } from './position-cache';

/**
 * Most sightings one flush takes (whole posts, at least one); later posts wait for the next. It
 * bounds how long a flush holds the event loop (deciding, building its statement: ~10 ms for 5,000
 * on PostgreSQL) and, embedded, where the database runs on the event loop's thread too, how long a
 * press can wait behind sightings: one post's flush.
 */
export const MAX_FLUSH_SIGHTINGS = { postgres: 5_000, embedded: 1_000 };
/**
 * Embedded: how long a flush waits for presses in flight to be answered (a press first), at most;
 * checked every millisecond.
 */
export const PRESS_FIRST_MAX_MS = 100;
/** Attempts of a flush that raced another writer (SightingsRace) before its posts fail. */
const RACE_ATTEMPTS = 5;

/** What the group commit of sightings did on a database (tests and benchmarks read it). */
export type SightingsStats = {
  flushes: number;
  posts: number;
  sightings: number;
  /** The most posts one flush carried. */
  largestFlush: number;
  /** Flushes put off while a press was in flight (embedded). */
  heldForPresses: number;
  /** Flushes started again because another writer changed their positions (SightingsRace). */
  raced: number;
  /** Flushes that failed and were written again post by post. */
  isolated: number;
};

type Waiting = FlushPost & {
  size: number;
  resolve: (outcome: FlushOutcome) => void;
  reject: (err: unknown) => void;
};

const writers = new WeakMap<Db, SightingsWriter>();

export function sightingsWriter(db: Db): SightingsWriter {
  let writer = writers.get(db);
  if (!writer) writers.set(db, (writer = new SightingsWriter(db)));
  return writer;
}

export function sightingsStats(db: Db): SightingsStats {
  const stats = writers.get(db)?.stats;
  return stats
    ? { ...stats }
    : { flushes: 0, posts: 0, sightings: 0, largestFlush: 0, heldForPresses: 0, raced: 0, isolated: 0 };
}

/**
 * The group commit of sightings posts, one per database (ARCHITECTURE §8 'Writes per second', like
 * the button events' IngestBatcher): one flush at a time, with every post that came while the last
 * one ran, so flushes grow with load and a lone post is written at once. One writer: posts of
 * neighbouring gateways, which name the same tags, never wait on each other's row locks, and a tag
 * named by several posts of a flush is written once.
 */
export class SightingsWriter {
  private readonly queue: Waiting[] = [];
  private running = false;
  private scheduled = false;
  private readonly maxSightings: number;
  private readonly embedded: boolean;
  /** Since when the next flush has waited for presses (embedded). */
  private heldSince: number | undefined;
  /** The longest a flush waits for presses (a test may lengthen it). */
  pressFirstMaxMs = PRESS_FIRST_MAX_MS;
  /** The positions this writer last read or wrote (position-cache.ts): a hint, checked by every write. */
  readonly cache = new PositionCache();
  readonly stats: SightingsStats = {
    flushes: 0,
    posts: 0,
    sightings: 0,
    largestFlush: 0,
    heldForPresses: 0,
    raced: 0,
    isolated: 0,
  };

  constructor(private readonly db: Db) {
    this.embedded = isEmbedded(db);
    this.maxSightings = this.embedded ? MAX_FLUSH_SIGHTINGS.embedded : MAX_FLUSH_SIGHTINGS.postgres;
  }

  submit(post: FlushPost, size: number): Promise<FlushOutcome> {
    return new Promise<FlushOutcome>((resolve, reject) => {
      this.queue.push({ ...post, size, resolve, reject });
      this.kick();
    });
  }

  private kick(): void {
    if (this.running || this.scheduled || this.queue.length === 0) return;
    this.scheduled = true;
    // No timer: setImmediate only lets the posts already read in this turn of the event loop join.
    setImmediate(() => {
      this.scheduled = false;
      void this.flush();
    });
  }

  private async flush(): Promise<void> {
    if (this.running || this.queue.length === 0) return;
    if (this.pressFirst()) return;
    let n = 0;
    let size = 0;
    while (n < this.queue.length && (n === 0 || size + this.queue[n]!.size <= this.maxSightings)) {
      size += this.queue[n]!.size;
      n++;
    }
    const batch = this.queue.splice(0, n);
    this.running = true;
    this.stats.flushes++;
    this.stats.posts += batch.length;
    this.stats.sightings += size;
    this.stats.largestFlush = Math.max(this.stats.largestFlush, batch.length);
    try {
      await this.write(batch);
    } finally {
      this.running = false;
      this.kick();
    }
  }

  /**
   * Embedded, PGlite runs one transaction at a time on the event loop's thread: while a press is
   * in flight the next flush waits (up to PRESS_FIRST_MAX_MS), so the press waits for the flush under
   * way at most, not for the ones queued behind it. Answers whether the flush was put off.
   */
  private pressFirst(): boolean {
    if (!this.embedded || buttonEventsWaiting(this.db) === 0) {
      this.heldSince = undefined;
      return false;
    }
    const now = performance.now();
    if (this.heldSince === undefined) {
      this.heldSince = now;
      this.stats.heldForPresses++;
    }
    if (now - this.heldSince >= this.pressFirstMaxMs) {
      this.heldSince = undefined;
      return false;
    }
    this.scheduled = true;
    setTimeout(() => {
      this.scheduled = false;
      void this.flush();
    }, 1);
    return true;
  }

  /** Writes a flush; if it fails, each post alone, so one bad post fails no other. */
  private async write(batch: Waiting[]): Promise<void> {
    let outcomes: FlushOutcome[];
    try {
      outcomes = await this.writeRacing(batch);
    } catch (err) {
      if (batch.length === 1) return batch[0]!.reject(err);
      this.stats.isolated++;
      for (const post of batch) {
        try {
          post.resolve((await this.writeRacing([post]))[0]!);
        } catch (alone) {
          post.reject(alone);
        }
      }
      return;
    }
    batch.forEach((post, i) => post.resolve(outcomes[i]!));
  }

  /**
   * A flush, started again (reading the raced tags afresh, or every tag when another instance
   * flushed) while another writer races it; the cache learns what the committed flush left.
   */
  private async writeRacing(batch: Waiting[]): Promise<FlushOutcome[]> {
    const verify = new Set<string>();
    for (let attempt = 1; ; attempt++) {
      const now = Date.now();
      try {
        const result = await writeFlush(this.db, batch, this.cache, verify, now);
        if (result.alone) this.cache.committed(result.count - 1, result.count, result.learned, now);
        else this.cache.shared(now);
        return result.outcomes;
      } catch (err) {
        const raced = err instanceof SightingsRace || isDeadlock(err);
        if (err instanceof SightingsRace) {
          this.cache.forget(err.tags);
          for (const tag of err.tags) verify.add(tag);
          if (err.shared) this.cache.shared(now);
        } else {
          this.cache.reset();
        }
        if (!raced || attempt >= RACE_ATTEMPTS) throw err;
        this.stats.raced++;
      }
    }
  }
}

/** A transaction PostgreSQL chose as a deadlock or serialization victim (SQLSTATE 40P01, 40001): nothing was written. */
function isDeadlock(err: unknown): boolean {
  let e = err as { code?: unknown; cause?: unknown } | undefined;
  for (let depth = 0; depth < 3 && e && typeof e === 'object'; depth++) {
    if (e.code === '40P01' || e.code === '40001') return true;
    e = e.cause as typeof e;
  }
  return false;
}
