import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import {
  PGLITE_GIN_MERGE_MS,
  PGLITE_VACUUM_MS,
  maintainTables,
  mergeGinPendingLists,
  newMaintenanceLog,
  openDatabase,
  repeatWithoutOverlap,
  type Database,
  type QuietMoments,
} from '../../src/platform/db/client';
import { buttonEvents, loginFailures, tags, zones } from '../../src/db/schema';

// PGlite has no autovacuum: the embedded database vacuums and analyzes its tables itself (ARCHITECTURE §8).

type Stat = { relname: string; vacuums: number; analyzes: number; dead: number; live: number };
const stats = async (db: Database) =>
  (
    await db.sql.query<Stat>(
      `select relname, vacuum_count::int as vacuums, analyze_count::int as analyzes, n_dead_tup::int as dead,
         n_live_tup::int as live
       from pg_stat_user_tables where schemaname = 'public'`,
    )
  ).rows;

/** `check`'s answer once it has one (checked every 50 ms, 20 s at most). */
async function waitFor<T>(check: () => Promise<T | undefined | false>): Promise<T> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('repeatWithoutOverlap', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('runs first after one interval, never twice at once, and again after a failure', async () => {
    vi.useFakeTimers();
    let running = 0;
    let most = 0;
    let starts = 0;
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const job = repeatWithoutOverlap(async () => {
      starts++;
      running++;
      most = Math.max(most, running);
      await new Promise((resolve) => setTimeout(resolve, 250));
      running--;
      if (starts === 1) throw new Error('disk full');
    }, 100);

    await vi.advanceTimersByTimeAsync(99);
    expect(starts).toBe(0); // not at start-up
    await vi.advanceTimersByTimeAsync(1);
    expect(starts).toBe(1);
    // Ticks at 200 and 300 fall while the first run (100–350) goes on: skipped.
    await vi.advanceTimersByTimeAsync(300);
    expect(starts).toBe(2);
    expect(warn).toHaveBeenCalledWith('database maintenance failed: disk full');
    await vi.advanceTimersByTimeAsync(600);
    expect(starts).toBe(4);
    expect(most).toBe(1);
    warn.mockRestore();
    const stopped = job.stop();
    await vi.advanceTimersByTimeAsync(250);
    await stopped;
  });

  it('stop() aborts the running job, waits for it to end and runs no more', async () => {
    vi.useFakeTimers();
    let ended = false;
    let starts = 0;
    let seen: AbortSignal | undefined;
    const job = repeatWithoutOverlap(async (signal) => {
      starts++;
      seen = signal;
      await new Promise((resolve) => setTimeout(resolve, 50));
      ended = true;
    }, 100);
    await vi.advanceTimersByTimeAsync(100);
    const stopped = job.stop();
    expect(seen?.aborted).toBe(true);
    await vi.advanceTimersByTimeAsync(50);
    await stopped;
    expect(ended).toBe(true);
    await vi.advanceTimersByTimeAsync(1000);
    expect(starts).toBe(1);
  });
});

describe('the embedded database vacuums and analyzes the tables that churn', () => {
  let database: Database | undefined;
  afterEach(async () => {
    await database?.close();
    database = undefined;
  });

  it('every 5 minutes by default; each table once after opening, then those past autovacuum’s thresholds, tags among them', async () => {
    expect(PGLITE_VACUUM_MS).toBe(5 * 60_000);
    database = await openDatabase({ dataDir: ':memory:', pgliteVacuumMs: 150 });
    const { db } = database;
    const all = async () => stats(database!);
    // After opening, each table once: PGlite starts with empty statistics, so dead rows left
    // before a restart show nowhere.
    await waitFor(async () => (await all()).every((s) => s.vacuums >= 1));

    const orgId = crypto.randomUUID();
    await db.insert(zones).values({ id: orgId, name: 'Vacuum Org', level: 'org', path: [orgId] });
    await db.insert(tags).values(
      Array.from({ length: 600 }, (_, i) => ({
        id: (0xab0000000000 + i).toString(16),
        orgId,
        config: { state: 'deployed', label: `Vacuumed ${i}` },
      })),
    );
    // What a press writes (ingest/write-batch.ts lastSeenSql): every tag row rewritten, twice.
    for (const at of ['2027-01-01T00:00:00.000Z', '2027-01-01T00:01:00.000Z'])
      await db.execute(
        sql`update tags set state = state || jsonb_build_object('updatedAt', ${at}::text) where org_id = ${orgId}`,
      );
    const account = 'vacuum@example.test';
    await db
      .insert(loginFailures)
      .values(Array.from({ length: 200 }, () => ({ account, client: '10.0.0.1' })));
    await db.delete(loginFailures).where(eq(loginFailures.account, account));

    // Queries and transactions keep working while the maintenance comes and goes.
    let rounds = 0;
    const kept = await waitFor(async () => {
      await db.transaction(async (tx) => {
        await tx.insert(loginFailures).values({ account: `${account}${rounds}`, client: '10.0.0.2' });
        await tx.delete(loginFailures).where(eq(loginFailures.account, `${account}${rounds}`));
      });
      const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(loginFailures);
      expect(row!.n).toBe(0);
      rounds++;
      const now = await all();
      const tagStat = now.find((s) => s.relname === 'tags')!;
      const failures = now.find((s) => s.relname === 'login_failures')!;
      return tagStat.vacuums >= 2 && tagStat.analyzes >= 1 && failures.vacuums >= 2 ? now : undefined;
    });
    const tagStat = kept.find((s) => s.relname === 'tags')!;
    expect(tagStat.dead).toBe(0);
    expect(tagStat.live).toBe(600);
    // The 200 dead rows are gone; the round that saw the vacuum may have left its own one since.
    expect(kept.find((s) => s.relname === 'login_failures')!.dead).toBeLessThanOrEqual(1);
    // A table that does not churn is not vacuumed again.
    expect(kept.find((s) => s.relname === 'zones')!.vacuums).toBe(1);
    expect(database.maintenance!.statements.map((s) => s.sql)).toEqual(
      expect.arrayContaining(['vacuum (freeze) tags', 'analyze tags', 'vacuum (freeze) login_failures']),
    );
  });
});

describe('a maintenance round', () => {
  let database: Database;
  let orgId: string;
  beforeAll(async () => {
    database = await openDatabase({ dataDir: ':memory:', pgliteVacuumMs: 3_600_000 });
    orgId = crypto.randomUUID();
    await database.db.insert(zones).values({ id: orgId, name: 'Quiet Org', level: 'org', path: [orgId] });
  });
  afterAll(async () => {
    await database.close();
  });

  /** Vacuums every table again (none is due but for a restart's first round), observing each statement. */
  async function roundObserved(quiet: QuietMoments, events: string[] = []) {
    await database.pglite!.exec('select pg_stat_reset()');
    const pglite = database.pglite!;
    const observed = new Proxy(pglite, {
      get(target, prop) {
        if (prop === 'exec')
          return (text: string) => {
            events.push(`exec ${text}`);
            return target.exec(text);
          };
        const value = Reflect.get(target, prop, target) as unknown;
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
    const log = newMaintenanceLog();
    await maintainTables(observed, { quiet, log });
    return log;
  }

  const press = (receivedAt = new Date()) =>
    database.db.insert(buttonEvents).values({
      orgId,
      tagId: 'ab0000ffffff',
      nonce: crypto.randomUUID(),
      gatewayId: 'b0a7100000ff',
      events: [],
      status: 'ok',
      receivedAt,
    });

  it('gives the event loop a turn between its statements', async () => {
    const events: string[] = [];
    let ticking = true;
    const tick = () => {
      events.push('tick');
      if (ticking) setImmediate(tick);
    };
    setImmediate(tick);
    const log = await roundObserved({ aboveMs: Infinity, quietMs: 0, waitMs: 0 }, events);
    ticking = false;
    const execs = events.flatMap((e, i) => (e.startsWith('exec') ? [i] : []));
    expect(execs.length).toBe(log.statements.length);
    expect(execs.length).toBeGreaterThan(20);
    for (let k = 1; k < execs.length; k++)
      expect(events.slice(execs[k - 1]! + 1, execs[k]), events[execs[k]!]).toContain('tick');
  });

  it('runs a long statement at a quiet moment: no press for quietMs', async () => {
    const quietMs = 400;
    let pressing = true;
    const presses = (async () => {
      for (let i = 0; i < 15 && pressing; i++) {
        await press();
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    })();
    await press();
    const log = await roundObserved({ aboveMs: 0, quietMs, waitMs: 60_000 });
    pressing = false;
    await presses;
    const [last] = await database.db
      .select({ at: sql<Date>`max(${buttonEvents.receivedAt})` })
      .from(buttonEvents);
    expect(log.statements.length).toBeGreaterThan(20);
    // The presses went on for ~750 ms: the first statement waited for them to stop.
    expect(log.statements[0]!.waitedMs).toBeGreaterThan(0);
    for (const s of log.statements)
      expect(s.startedAt - new Date(last!.at).getTime(), s.sql).toBeGreaterThanOrEqual(quietMs);
  });

  it('runs it anyway once it has waited waitMs, when the presses never stop', async () => {
    let pressing = true;
    const presses = (async () => {
      while (pressing) {
        await press();
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    })();
    await press();
    const log = await roundObserved({ aboveMs: 0, quietMs: 60_000, waitMs: 100 });
    pressing = false;
    await presses;
    expect(log.statements.length).toBeGreaterThan(20);
    for (const s of log.statements) expect(s.waitedMs, s.sql).toBeGreaterThanOrEqual(100);
  });
});

describe('the embedded database merges its GIN indexes’ pending lists', () => {
  let database: Database | undefined;
  afterEach(async () => {
    await database?.close();
    database = undefined;
  });

  it('every 30 s; a merge empties each list, and searches find rows before and after it', async () => {
    expect(PGLITE_GIN_MERGE_MS).toBe(30_000);
    database = await openDatabase({ dataDir: ':memory:' });
    const { db, pglite } = database;
    const orgId = crypto.randomUUID();
    await db.insert(zones).values({ id: orgId, name: 'Merge Org', level: 'org', path: [orgId] });
    await db.insert(tags).values(
      Array.from({ length: 300 }, (_, i) => ({
        id: (0xaa0000000000 + i).toString(16),
        orgId,
        config: { state: 'available', label: `Pending ${i}`, owner: { name: `Owner ${i} Zebedee` } },
      })),
    );
    const search = async () =>
      (
        await pglite!.query<{ n: number }>(
          `select count(*)::int as n from tags where config->'owner'->>'name' ilike '%zebedee%'`,
        )
      ).rows[0]!.n;
    expect(await search()).toBe(300);
    // The 300 rows' trigrams wait in the pending lists; a merge moves them into the indexes.
    expect(await mergeGinPendingLists(pglite!)).toBeGreaterThan(0);
    expect(await mergeGinPendingLists(pglite!)).toBe(0);
    expect(await search()).toBe(300);
  });
});
