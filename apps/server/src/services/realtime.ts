import { EventEmitter } from 'node:events';
import { and, asc, gt, lt, sql } from 'drizzle-orm';
import pg from 'pg';
import type { Database, Db, Tx } from '../db/client';
import { outbox } from '../db/schema';
import type { Scope } from './scope';

/** The NOTIFY channel that wakes every instance when the outbox grows (ARCHITECTURE §1, §5). */
export const OUTBOX_CHANNEL = 'vigil_outbox';
/** Outbox rows kept for Last-Event-ID replay; an older id gets `event: reset`. */
export const OUTBOX_RETENTION_MS = 24 * 3600_000;
/** The safety net under NOTIFY: each instance also looks for new rows this often. */
const FALLBACK_POLL_MS = 1000;

export type RealtimeEvent = {
  seq: number;
  orgId: string;
  zoneId: string | null;
  zonePath: string[] | null;
  type: string;
  payload: Record<string, unknown>;
};

/**
 * Appends an event to the outbox inside the writer's transaction, and asks PostgreSQL to wake the
 * listeners: NOTIFY is delivered at commit, so nobody hears of a change that did not land.
 */
export async function appendEvent(
  tx: Tx | Db,
  event: {
    orgId: string;
    zoneId: string | null;
    zonePath: string[] | null;
    type: string;
    payload: Record<string, unknown>;
  },
): Promise<void> {
  await tx.insert(outbox).values(event);
  await tx.execute(sql`select pg_notify(${OUTBOX_CHANNEL}, '')`);
}

/** Whether an event lies in a caller's scope: its organisation, and a zone under one of the roots. */
export function eventInScope(event: RealtimeEvent, scope: Scope): boolean {
  if (event.orgId !== scope.orgId) return false;
  if (scope.roots.includes(scope.orgId)) return true;
  return !!event.zonePath && event.zonePath.some((id) => scope.roots.includes(id));
}

const toEvent = (row: typeof outbox.$inferSelect): RealtimeEvent => ({
  seq: row.seq,
  orgId: row.orgId,
  zoneId: row.zoneId,
  zonePath: row.zonePath,
  type: row.type,
  payload: row.payload,
});

/**
 * Each instance's view of the outbox: LISTEN wakes it (PGlite or PostgreSQL alike), a 1 s poll
 * covers a lost notification, and every new row is handed to this instance's subscribers.
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
    this.lastSeq = Number(row?.max ?? 0);
    await this.listen();
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
    client.on('error', (err) => {
      this.log.warn({ err }, 'realtime listener lost; reconnecting');
      this.listener = undefined;
      if (!this.stopped) setTimeout(() => void this.listen().catch(() => undefined), 1000).unref();
    });
    await client.connect();
    await client.query(`LISTEN ${OUTBOX_CHANNEL}`);
    this.listener = client;
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
        const rows = await this.database.db
          .select()
          .from(outbox)
          .where(gt(outbox.seq, this.lastSeq))
          .orderBy(asc(outbox.seq))
          .limit(1000)
          .catch(() => []);
        for (const row of rows) {
          this.lastSeq = Math.max(this.lastSeq, row.seq);
          this.emitter.emit('event', toEvent(row));
        }
        if (rows.length === 1000) this.again = true;
      } while (this.again && !this.stopped);
    })().finally(() => {
      this.draining = undefined;
    });
    return this.draining;
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
    const rows = await db
      .select()
      .from(outbox)
      .where(and(gt(outbox.seq, afterSeq), sql`${outbox.orgId} = ${scope.orgId}`))
      .orderBy(asc(outbox.seq))
      .limit(5000);
    return { reset: false, events: rows.map(toEvent).filter((e) => eventInScope(e, scope)) };
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
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
