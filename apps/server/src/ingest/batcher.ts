import type { ButtonEventsBody } from '@vigil/domain';
import { isEmbedded, type Db } from '../platform/db/client';
import { HttpError } from '../platform/errors';
import { ingestBatchSize, ingestPostsWaiting } from '../platform/metrics';

import type { GatewayKey } from './gateway-keys';
import { IngestRace, type ButtonEventsOutcome, type Post } from './batch-types';
import { writePosts } from './write-posts';

/**
 * POST /api/ingest/button-events (SPEC §3 Button event), answered only after its button
 * events are committed. Posts are written by group commit (ARCHITECTURE §8 'Writes per second'):
 * posts arriving while a transaction is under way wait for it, then go together in the next one,
 * with set-based statements, so batches grow with load and a lone post is written at once.
 *
 * Each button event first claims its (org, tag, nonce) row (unique index, ON CONFLICT DO NOTHING):
 * a retry, even one racing the first post, waits for that post's commit and answers its alert as
 * 'duplicate'. A known tag then opens an alert (created → notified, with its realtime event) or
 * joins the tag's open alert; an unknown tag is kept and makes no alert.
 */
export async function ingestButtonEvents(
  db: Db,
  key: GatewayKey,
  body: ButtonEventsBody,
): Promise<ButtonEventsOutcome> {
  let batcher = batchers.get(db);
  if (!batcher) batchers.set(db, (batcher = new IngestBatcher(db, isEmbedded(db) ? 1 : LANES)));
  return batcher.submit({ key, body });
}

/**
 * Most button events one transaction takes; later posts wait for the next. Bounds a transaction's
 * time and its statements' size (a post holds at most MAX_BUTTON_EVENTS_PER_POST).
 */
export const MAX_FLUSH_EVENTS = 2000;
/** Transactions of ingest at once on PostgreSQL (IngestBatcher). */
export const LANES = Number(process.env.VIGIL_INGEST_LANES ?? 2);
/** A second transaction starts only for this many queued button events. */
const PARALLEL_MIN_EVENTS = 100;

const queuedEvents = (queue: readonly Waiting[]) => {
  let n = 0;
  for (const post of queue) n += post.body.buttonEvents.length;
  return n;
};

/** What the group commit did on a database (tests and benchmarks read it). */
export type IngestStats = {
  /** Transactions that wrote posts together. */
  flushes: number;
  posts: number;
  events: number;
  /** The most posts one transaction carried. */
  largestFlush: number;
  /** Batches that failed and were written again post by post. */
  isolated: number;
  /** Transactions started again because another writer raced them (IngestRace). */
  raced: number;
};

const batchers = new WeakMap<Db, IngestBatcher>();

export function ingestStats(db: Db): IngestStats {
  return {
    ...(batchers.get(db)?.stats ?? {
      flushes: 0,
      posts: 0,
      events: 0,
      largestFlush: 0,
      isolated: 0,
      raced: 0,
    }),
  };
}

/**
 * Button-event posts handed to the group commit of `db` and not answered yet: the sightings writer
 * (sightings/writer.ts) starts no flush while a press waits, so that a press waits for one flush of
 * sightings at most.
 */
export function buttonEventsWaiting(db: Db): number {
  return batchers.get(db)?.waiting ?? 0;
}

type Waiting = Post & { resolve: (outcome: ButtonEventsOutcome) => void; reject: (err: unknown) => void };

/**
 * One per database. A transaction starts as soon as a lane is free, with every post that came
 * meanwhile. On PostgreSQL two run at once (LANES), so that the server prepares one batch while the
 * database writes the other; they never share a tag: a post naming a tag of a batch in flight (or
 * of a post kept waiting before it) waits for the next, so presses of a tag still apply in arrival
 * order and the two never wait on each other's locks. The second lane opens only for a queue of
 * PARALLEL_MIN_EVENTS or more: under light load one transaction at a time answers soonest. PGlite
 * has one connection: one lane.
 */
class IngestBatcher {
  private readonly queue: Waiting[] = [];
  /** Posts handed over and not answered yet (buttonEventsWaiting). */
  waiting = 0;
  private running = 0;
  private scheduled = false;
  /** Tags of the batches in flight. */
  private readonly busy = new Map<string, number>();
  readonly stats: IngestStats = { flushes: 0, posts: 0, events: 0, largestFlush: 0, isolated: 0, raced: 0 };

  constructor(
    private readonly db: Db,
    private readonly lanes: number,
  ) {}

  submit(post: Post): Promise<ButtonEventsOutcome> {
    ingestPostsWaiting.inc();
    this.waiting++;
    return new Promise<ButtonEventsOutcome>((resolve, reject) => {
      this.queue.push({ ...post, resolve, reject });
      this.kick();
    }).finally(() => {
      ingestPostsWaiting.dec();
      this.waiting--;
    });
  }

  private kick(): void {
    if (this.scheduled || this.running >= this.lanes || this.queue.length === 0) return;
    if (this.running > 0 && queuedEvents(this.queue) < PARALLEL_MIN_EVENTS) return;
    this.scheduled = true;
    // No timer: setImmediate only lets the posts already read in this turn of the event loop join.
    setImmediate(() => {
      this.scheduled = false;
      this.flush();
    });
  }

  private flush(): void {
    if (this.running >= this.lanes) return;
    const batch: Waiting[] = [];
    const rest: Waiting[] = [];
    const blocked = new Set<string>();
    let events = 0;
    for (const post of this.queue) {
      const tagIds = post.body.buttonEvents.map((e) => e.tag);
      const size = tagIds.length;
      const free = !tagIds.some((t) => this.busy.has(t) || blocked.has(t));
      if (free && (batch.length === 0 || events + size <= MAX_FLUSH_EVENTS)) {
        batch.push(post);
        events += size;
      } else {
        rest.push(post);
        for (const t of tagIds) blocked.add(t);
      }
    }
    if (batch.length === 0) return; // every post waits for a tag in flight: its batch's end kicks
    this.queue.splice(0, this.queue.length, ...rest);
    const tagIds = batch.flatMap((p) => p.body.buttonEvents.map((e) => e.tag));
    for (const t of tagIds) this.busy.set(t, (this.busy.get(t) ?? 0) + 1);
    this.running++;
    this.stats.flushes++;
    this.stats.posts += batch.length;
    this.stats.events += events;
    this.stats.largestFlush = Math.max(this.stats.largestFlush, batch.length);
    ingestBatchSize.observe(events);
    void this.write(batch).finally(() => {
      for (const t of tagIds) {
        const n = this.busy.get(t)! - 1;
        if (n) this.busy.set(t, n);
        else this.busy.delete(t);
      }
      this.running--;
      this.kick();
    });
    this.kick();
  }

  /** Writes a batch; if it fails, each post alone, so one bad post fails no other. */
  private async write(batch: Waiting[]): Promise<void> {
    let outcomes: (ButtonEventsOutcome | HttpError)[];
    try {
      outcomes = await commitPosts(this.db, batch, this.stats);
    } catch (err) {
      if (batch.length === 1) return batch[0]!.reject(asClientError(err));
      this.stats.isolated++;
      for (const post of batch) {
        try {
          settle(post, (await commitPosts(this.db, [post], this.stats))[0]!);
        } catch (alone) {
          post.reject(asClientError(alone));
        }
      }
      return;
    }
    batch.forEach((post, i) => settle(post, outcomes[i]!));
  }
}

function settle(post: Waiting, outcome: ButtonEventsOutcome | HttpError): void {
  if (outcome instanceof HttpError) post.reject(outcome);
  else post.resolve(outcome);
}

/**
 * A post the database refused on its own for its data (SQLSTATE class 22, e.g. a NUL character,
 * which a PostgreSQL text cannot hold) is the sender's mistake, not a server error.
 */
function asClientError(err: unknown): unknown {
  if (sqlState(err)?.startsWith('22')) {
    return new HttpError(400, 'The button events hold a value that cannot be stored', 'invalid_request');
  }
  return err;
}

function commitPosts(
  db: Db,
  posts: readonly Post[],
  stats: IngestStats,
): Promise<(ButtonEventsOutcome | HttpError)[]> {
  return withTransactionRetry(
    () => db.transaction((tx) => writePosts(tx, posts, new Date())),
    () => stats.raced++,
  );
}

/** SQLSTATE of a driver error, or of the one drizzle wraps. */
function sqlState(err: unknown): string | undefined {
  let e = err as { code?: unknown; cause?: unknown } | undefined;
  for (let depth = 0; depth < 3 && e && typeof e === 'object'; depth++) {
    if (typeof e.code === 'string') return e.code;
    e = e.cause as typeof e;
  }
  return undefined;
}

/**
 * Reruns a transaction PostgreSQL chose as a deadlock or serialization victim, or one that raced
 * another writer (IngestRace): it committed nothing.
 */
async function withTransactionRetry<T>(run: () => Promise<T>, onRace: () => void, attempts = 5): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await run();
    } catch (err) {
      const state = sqlState(err);
      const again = err instanceof IngestRace || state === '40P01' || state === '40001';
      if (attempt >= attempts || !again) throw err;
      if (err instanceof IngestRace) onRace();
    }
  }
}
