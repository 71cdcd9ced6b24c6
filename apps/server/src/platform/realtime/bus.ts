import { EventEmitter } from 'node:events';
import { and, asc, gt, lt, lte, sql, type SQL } from 'drizzle-orm';
import { PgTransaction } from 'drizzle-orm/pg-core';
import pg from 'pg';
import type { Database, Db, Tx } from '../db/client';
import { jsonRecordset } from '../db/json-params';
import { outbox } from '../db/tables';
import type { Scope } from '../scope';

/** The NOTIFY channel that wakes every instance when the outbox grows (ARCHITECTURE §1, §5). */
export const OUTBOX_CHANNEL = 'vigil_outbox';
/** Outbox rows kept for Last-Event-ID replay; an older id gets `event: reset`. */
export const OUTBOX_RETENTION_MS = 24 * 3600_000;
/** The safety net under NOTIFY: each instance also looks for new rows this often. */
const FALLBACK_POLL_MS = 1000;
/** While a hole in the sequence may still fill, the bus looks again this often… */
const HOLE_RECHECK_MS = 20;
/** …and passes it after this long even if a transaction that might fill it is still open. */
export const HOLE_MAX_WAIT_MS = 10_000;
/** How far back a starting instance looks for a hole that an open transaction may still fill. */
const START_LOOKBACK = 1000;
/** Events one Last-Event-ID replay carries at most; a console that missed more gets `reset`. */
const REPLAY_LIMIT = 5000;

export type RealtimeEvent = {
  seq: number;
  orgId: string;
  zoneId: string | null;
  zonePath: string[] | null;
  type: string;
  payload: Record<string, unknown>;
  /** The payload's JSON text, when the event was read from the outbox. */
  json?: string;
  /** Whether the payload is a test-mode alert's (read from the outbox with the row). */
  testAlert?: boolean;
};

/**
 * Appends an event to the outbox inside the writer's transaction, and asks PostgreSQL to wake the
 * listeners: NOTIFY is delivered at commit, so nobody hears of a change that did not land.
 */
export async function appendEvent(tx: Tx | Db, event: NewRealtimeEvent): Promise<void> {
  await appendEvents(tx, [event]);
}

export type NewRealtimeEvent = Omit<RealtimeEvent, 'seq'>;

/** appendEvent for many events at once (one insert, one NOTIFY), in this order. */
export async function appendEvents(tx: Tx | Db, events: readonly NewRealtimeEvent[]): Promise<void> {
  if (events.length === 0) return;
  if (tx instanceof PgTransaction) {
    await tx.execute(sql`select ${outboxOrderSql}`);
    await tx.execute(outboxInsertSql(events));
  } else {
    await tx.execute(outboxInsertSql(events));
    await tx.execute(sql`select pg_notify(${OUTBOX_CHANNEL}, '')`);
  }
}

/**
 * Select-list items a transaction runs before its outbox rows: it takes its id before its rows take
 * sequence numbers, so a reader that sees a hole in the sequence knows which open transactions may
 * still fill it (RealtimeBus); and the NOTIFY, delivered at commit, wakes every instance.
 */
export const outboxOrderSql = sql`pg_current_xact_id()::text as xact_id, pg_notify(${OUTBOX_CHANNEL}, '')`;

/**
 * The insert of outbox rows, in this order, as one JSON parameter (a batch of ingest appends
 * thousands at once); a statement of its own or a writer's CTE (ingest). Run `outboxOrderSql` first.
 */
export function outboxInsertSql(events: readonly NewRealtimeEvent[]): SQL {
  const rows = events.map((e, ord) => ({
    ord,
    org_id: e.orgId,
    zone_id: e.zoneId,
    zone_path: e.zonePath,
    type: e.type,
    payload: e.payload,
  }));
  return sql`insert into ${outbox} (org_id, zone_id, zone_path, type, payload)
    select v.org_id, v.zone_id, v.zone_path, v.type, v.payload
    from ${jsonRecordset(rows, 'ord int, org_id uuid, zone_id uuid, zone_path uuid[], type text, payload jsonb')}
    order by v.ord`;
}

/** Whether an event lies in a caller's scope: its organisation, and a zone under one of the roots. */
export function eventInScope(event: RealtimeEvent, scope: Scope): boolean {
  if (event.orgId !== scope.orgId) return false;
  if (scope.roots.includes(scope.orgId)) return true;
  return !!event.zonePath && event.zonePath.some((id) => scope.roots.includes(id));
}

/**
 * An outbox row as the bus reads it: the payload as its JSON text, parsed only if someone reads it
 * (a stream sends the text as it is), the path as comma-separated text. Every event of every
 * instance is read back once: parsing payloads and uuid arrays there was a sixth of the server's
 * CPU at ingest rates (docs/BENCHMARKS.md "Ingest throughput").
 */
const outboxRead = {
  seq: outbox.seq,
  orgId: outbox.orgId,
  zoneId: outbox.zoneId,
  zonePath: sql<string | null>`array_to_string(${outbox.zonePath}, ',')`,
  type: outbox.type,
  json: sql<string>`${outbox.payload}::text`,
  test: sql<boolean>`coalesce(${outbox.payload}->'alert'->>'mode' = 'test', false)`,
};

type OutboxRead = {
  seq: number;
  orgId: string;
  zoneId: string | null;
  zonePath: string | null;
  type: string;
  json: string;
  test: boolean;
};

function toEvent(row: OutboxRead): RealtimeEvent {
  let payload: Record<string, unknown> | undefined;
  return {
    seq: row.seq,
    orgId: row.orgId,
    zoneId: row.zoneId,
    zonePath: row.zonePath === null ? null : row.zonePath ? row.zonePath.split(',') : [],
    type: row.type,
    json: row.json,
    testAlert: row.test,
    get payload() {
      return (payload ??= JSON.parse(row.json) as Record<string, unknown>);
    },
  };
}

/**
 * Each instance's view of the outbox: LISTEN wakes it (PGlite or PostgreSQL alike), a 1 s poll
 * covers a lost notification, and every new row is handed to this instance's subscribers.
 *
 * Rows are handed out in sequence order, without skipping one that is still to come. On PostgreSQL
 * concurrent writers (connections of one instance, or several instances) commit in another order
 * than they took their sequence numbers, so a reader can see seq 11 while 10 is still uncommitted.
 * Handing out 11 then would lose 10 for good: live (the bus moved past it) and on Last-Event-ID
 * replay (the console's last id is 11). So the bus stops at a hole until this database's writers
 * that were open when it saw the hole (the only ones that can fill it) have ended, then reads again
 * and passes it if it is still empty (a rolled-back insert, or a sequence that jumped at a crash).
 * `lastSeq` is therefore a watermark below which nothing new can appear, and replay never reads
 * past it. Writers of other databases on a shared server never hold an event up.
 */
export class RealtimeBus {
  private readonly emitter = new EventEmitter();
  private lastSeq = 0;
  private timer: NodeJS.Timeout | undefined;
  private listener: pg.Client | undefined;
  private unlisten: (() => Promise<void>) | undefined;
  private draining: Promise<void> | undefined;
  private again = false;
  private stopped = false;
  /** The first missing sequence number after lastSeq, and this database's writers open when it was seen. */
  private hole: { seq: number; xids: string[]; since: number } | undefined;
  private holeTimer: NodeJS.Timeout | undefined;

  constructor(
    private readonly database: Database,
    private readonly log: { warn: (obj: object, msg: string) => void },
  ) {
    this.emitter.setMaxListeners(0);
  }

  async start(): Promise<void> {
    const [row] = await this.database.db
      .select({ max: sql<number>`coalesce(max(${outbox.seq}), 0)::bigint` })
      .from(outbox);
    const max = Number(row?.max ?? 0);
    // Start before the first hole of the recent rows (another instance's open transaction may still
    // fill it): the first drain hands the rows after it to nobody, and no later one skips it.
    const recent = await this.database.db
      .select({ seq: outbox.seq })
      .from(outbox)
      .where(gt(outbox.seq, max - START_LOOKBACK))
      .orderBy(asc(outbox.seq));
    this.lastSeq = max;
    for (let i = 1; i < recent.length; i++) {
      if (recent[i]!.seq !== recent[i - 1]!.seq + 1) {
        this.lastSeq = recent[i - 1]!.seq;
        break;
      }
    }
    await this.listen();
    await this.wake();
    this.timer = setInterval(() => void this.wake(), FALLBACK_POLL_MS);
    this.timer.unref();
  }

  private async listen(): Promise<void> {
    if (this.database.pglite) {
      this.unlisten = await this.database.pglite.listen(OUTBOX_CHANNEL, () => void this.wake());
      return;
    }
    const pool = this.database.pool;
    if (!pool) return;
    const client = new pg.Client({
      connectionString: (pool.options as { connectionString?: string }).connectionString,
    });
    client.on('notification', () => void this.wake());
    let lost = false;
    client.on('error', (err) => {
      if (lost) return;
      lost = true;
      this.log.warn({ err }, 'realtime listener lost; reconnecting');
      this.listener = undefined;
      void client.end().catch(() => undefined);
      void this.relisten();
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${OUTBOX_CHANNEL}`);
    } catch (err) {
      lost = true;
      await client.end().catch(() => undefined);
      throw err;
    }
    this.listener = client;
  }

  /** Listens again until it works (the 1 s poll carries events meanwhile), then catches up. */
  private async relisten(): Promise<void> {
    for (let delay = 500; !this.stopped; delay = Math.min(delay * 2, 5000)) {
      await new Promise((r) => setTimeout(r, delay).unref());
      if (this.stopped) return;
      try {
        await this.listen();
        if (this.stopped) await this.listener?.end().catch(() => undefined);
        else await this.wake(); // notifications sent while nobody listened are gone
        return;
      } catch (err) {
        this.log.warn({ err }, 'realtime listener still down; retrying');
      }
    }
  }

  /** Reads rows past the last one seen and hands them out; concurrent wakes coalesce. */
  wake(): Promise<void> {
    if (this.draining) {
      this.again = true;
      return this.draining;
    }
    this.draining = (async () => {
      do {
        this.again = false;
        const full = await this.drain().catch((err: unknown) => {
          this.log.warn({ err }, 'realtime read failed; retrying');
          return false;
        });
        if (full) this.again = true;
      } while (this.again && !this.stopped);
    })().finally(() => {
      this.draining = undefined;
    });
    return this.draining;
  }

  /** One read past the watermark; answers whether a full page was read (more may follow). */
  private async drain(): Promise<boolean> {
    // Before reading: whether the writers that could fill the known hole have all ended since it
    // was seen (then this read, a later snapshot, shows whatever they committed).
    const known = this.hole;
    const settled = known ? await this.ended(known.xids) : false;
    const page = await this.database.db
      .select(outboxRead)
      .from(outbox)
      .where(gt(outbox.seq, this.lastSeq))
      .orderBy(asc(outbox.seq))
      .limit(1000);
    for (const row of page) {
      const missing = this.lastSeq + 1;
      if (row.seq !== missing) {
        // A writer that holds the missing number was open when this read's snapshot was taken, so it
        // is still open now, or has ended (and the next read shows its row, if it committed).
        if (this.hole?.seq !== missing) {
          this.hole = { seq: missing, xids: await this.openWriters(), since: Date.now() };
        }
        const waited = Date.now() - this.hole.since;
        const mayFill = !(this.hole === known && settled);
        if (mayFill && waited < HOLE_MAX_WAIT_MS) {
          this.recheckHole();
          return false;
        }
        if (mayFill) {
          this.log.warn(
            { seq: missing, waitedMs: waited },
            'realtime: passing a hole in the outbox that a long-open transaction may still fill',
          );
        }
      }
      this.hole = undefined;
      this.lastSeq = row.seq;
      this.emitter.emit('event', toEvent(row));
    }
    return page.length === 1000;
  }

  /**
   * The transaction ids of this database's sessions now writing. Only they can hold a sequence
   * number of this database's outbox; writers of other databases on the same server, however long
   * they run, never hold up an event. (Vigil's sessions share one role, so their ids are visible.)
   */
  private async openWriters(): Promise<string[]> {
    const { rows } = await this.database.sql.query<{ xid: string }>(
      `select backend_xid::text as xid from pg_stat_activity
        where datname = current_database() and backend_xid is not null and pid <> pg_backend_pid()`,
    );
    return rows.map((r) => r.xid);
  }

  /** Whether none of these transactions is still running in this database. */
  private async ended(xids: string[]): Promise<boolean> {
    if (xids.length === 0) return true;
    const { rows } = await this.database.sql.query<{ open: number }>(
      `select count(*)::int as open from pg_stat_activity
        where datname = current_database() and backend_xid::text = any($1::text[])`,
      [xids],
    );
    return Number(rows[0]?.open ?? 0) === 0;
  }

  private recheckHole(): void {
    if (this.holeTimer || this.stopped) return;
    this.holeTimer = setTimeout(() => {
      this.holeTimer = undefined;
      void this.wake();
    }, HOLE_RECHECK_MS);
    this.holeTimer.unref();
  }

  subscribe(handler: (event: RealtimeEvent) => void): () => void {
    this.emitter.on('event', handler);
    return () => this.emitter.off('event', handler);
  }

  /**
   * Events after `afterSeq` in a scope, for Last-Event-ID replay; `reset` when rows after that id
   * were already pruned (the client must refetch instead).
   */
  async replay(db: Db, afterSeq: number, scope: Scope): Promise<{ reset: boolean; events: RealtimeEvent[] }> {
    const [oldest] = await db.select({ min: sql<number>`min(${outbox.seq})::bigint` }).from(outbox);
    const min = oldest?.min === null || oldest?.min === undefined ? undefined : Number(oldest.min);
    if (min !== undefined && afterSeq < min - 1) return { reset: true, events: [] };
    // Never past the watermark: what lies beyond it reaches the stream live, in order.
    const rows = await db
      .select(outboxRead)
      .from(outbox)
      .where(
        and(gt(outbox.seq, afterSeq), lte(outbox.seq, this.lastSeq), sql`${outbox.orgId} = ${scope.orgId}`),
      )
      .orderBy(asc(outbox.seq))
      .limit(REPLAY_LIMIT);
    // More missed than a replay carries: the console refetches instead of missing the rest.
    if (rows.length === REPLAY_LIMIT) return { reset: true, events: [] };
    return { reset: false, events: rows.map(toEvent).filter((e) => eventInScope(e, scope)) };
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    if (this.holeTimer) clearTimeout(this.holeTimer);
    await this.unlisten?.().catch(() => undefined);
    await this.listener?.end().catch(() => undefined);
    await this.draining;
    this.emitter.removeAllListeners();
  }
}

/** Drops outbox rows past OUTBOX_RETENTION_MS; a stream asking for older ids gets `event: reset`. */
export async function pruneOutbox(db: Db, now: Date = new Date()): Promise<void> {
  await db.delete(outbox).where(lt(outbox.createdAt, new Date(now.getTime() - OUTBOX_RETENTION_MS)));
}
