import type { SQL } from 'drizzle-orm';
import { isEmbedded, type Db } from '../platform/db/client';

// How a retention run shares the database with the alert path (issue 19: "never holds the ingest
// back"). Every batch is one statement, hence its own short transaction; its size adapts so that a
// statement takes about TARGET_MS, whatever a row costs (an alert's delete fires the analytics
// trigger and its cascades, a heartbeat's does not); between batches the run gives requests a turn.
// On embedded PGlite, which has one connection and runs on the server's own thread, it also rests as
// long as the batch took, so retention takes at most about half of the database's time.

/** What one statement should take: PGlite's single connection makes a press wait behind it. */
export const TARGET_MS_EMBEDDED = 10;
/** PostgreSQL runs presses on other connections meanwhile: longer batches cost them nothing. */
export const TARGET_MS_POSTGRES = 50;
/** Rows a batch deletes at most (a run may ask for fewer: `batchSize`). */
export const MAX_BATCH = 1000;
/** The first batch of a statement kind, before its cost per row is known. */
const FIRST_BATCH = 10;
/**
 * The smallest batch once the cost is known: a statement costs a few ms before its first row
 * (planning, the counts), and batches sized by their total time alone shrank to one alert each,
 * spending most of the database's time on that.
 */
const MIN_BATCH = 5;
/** A statement longer than this is counted as slow in the run's figures. */
export const SLOW_MS = 50;

/** Statements run, rows handled, the time they held the database, the longest, and how many took over SLOW_MS. */
export type BatchStats = { statements: number; rows: number; ms: number; maxMs: number; slow: number };

/** One statement's batch size, adapted to how long the last ones took. */
export class BatchSizer {
  private current: number;
  /** The smoothed cost of a row (ms), so that one statement slowed by something else moves it little. */
  private perRow: number | undefined;
  constructor(
    private readonly max: number,
    private readonly targetMs: number,
  ) {
    this.current = Math.max(1, Math.min(max, FIRST_BATCH));
  }

  get size(): number {
    return this.current;
  }

  /** A batch of `rows` took `ms`: the next size, at most twice this one and at least MIN_BATCH. */
  record(rows: number, ms: number): void {
    if (rows === 0) return;
    const perRow = Math.max(ms, 0.05) / rows;
    this.perRow = this.perRow === undefined ? perRow : 0.7 * this.perRow + 0.3 * perRow;
    const wanted = Math.floor(this.targetMs / this.perRow);
    this.current = Math.max(Math.min(MIN_BATCH, this.max), Math.min(this.max, this.current * 2, wanted));
  }
}

export type BatchOptions = {
  /** The largest batch (default MAX_BATCH); a small one still deletes everything, in more statements. */
  batchSize?: number;
  /** What one statement should take (default by engine: TARGET_MS_EMBEDDED or TARGET_MS_POSTGRES). */
  targetMs?: number;
  /** Stop between batches after this long (the daily job continues in a later job). */
  maxMs?: number;
  /** Stop between batches once aborted (the server is closing). */
  signal?: AbortSignal;
};

/** The database, the batch sizes of each statement kind, and when to stop. */
export class Batches {
  readonly embedded: boolean;
  private readonly sizers = new Map<string, BatchSizer>();
  private readonly startedAt = performance.now();
  private readonly max: number;
  private readonly targetMs: number;
  /** Per statement kind: statements run, rows they handled, the time they held the database, the longest. */
  readonly stats = new Map<string, BatchStats>();

  constructor(
    readonly db: Db,
    private readonly opts: BatchOptions,
  ) {
    this.embedded = isEmbedded(db);
    this.max = Math.max(1, Math.floor(opts.batchSize ?? MAX_BATCH));
    this.targetMs = opts.targetMs ?? (this.embedded ? TARGET_MS_EMBEDDED : TARGET_MS_POSTGRES);
  }

  /** True once the run should stop between batches (out of time, or aborted). */
  get stopped(): boolean {
    if (this.opts.signal?.aborted) return true;
    return this.opts.maxMs !== undefined && performance.now() - this.startedAt > this.opts.maxMs;
  }

  /** The batch size for statements of `kind`. */
  size(kind: string): number {
    return this.sizer(kind).size;
  }

  /**
   * Runs one batch statement of `kind` that handled `rowsOf(rows)` of the size asked, adapts the
   * next size, then gives requests their turn. Answers its rows.
   */
  async run<T>(kind: string, statement: SQL, rowsOf: (rows: T[]) => number): Promise<T[]> {
    const started = performance.now();
    const result = (await this.db.execute(statement)) as unknown as { rows: T[] };
    const ms = performance.now() - started;
    const rows = rowsOf(result.rows);
    const stats = this.stats.get(kind) ?? { statements: 0, rows: 0, ms: 0, maxMs: 0, slow: 0 };
    this.stats.set(kind, {
      statements: stats.statements + 1,
      rows: stats.rows + rows,
      ms: stats.ms + ms,
      maxMs: Math.max(stats.maxMs, ms),
      slow: stats.slow + (ms > SLOW_MS ? 1 : 0),
    });
    this.sizer(kind).record(rows, ms);
    await this.rest(ms);
    return result.rows;
  }

  private sizer(kind: string): BatchSizer {
    let sizer = this.sizers.get(kind);
    if (!sizer) this.sizers.set(kind, (sizer = new BatchSizer(this.max, this.targetMs)));
    return sizer;
  }

  private async rest(ms: number): Promise<void> {
    // Posts read meanwhile queue their statements before the next batch's (setImmediate runs after I/O).
    await new Promise<void>((resolve) => setImmediate(resolve));
    if (this.embedded && ms >= 1) await new Promise<void>((resolve) => setTimeout(resolve, ms));
  }
}
