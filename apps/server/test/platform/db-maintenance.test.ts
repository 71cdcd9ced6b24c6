import { afterEach, describe, expect, it, vi } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import {
  PGLITE_GIN_MERGE_MS,
  PGLITE_VACUUM_MS,
  PGLITE_VACUUM_TABLES,
  mergeGinPendingLists,
  openDatabase,
  repeatWithoutOverlap,
  type Database,
} from '../../src/platform/db/client';
import { loginFailures, tags, zones } from '../../src/db/schema';

// PGlite has no autovacuum: the embedded database vacuums its churning tables itself (ARCHITECTURE §8).

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

describe('the embedded database vacuums its churning tables', () => {
  let database: Database | undefined;
  afterEach(async () => {
    await database?.close();
    database = undefined;
  });

  type Stat = { relname: string; vacuums: number; analyzes: number; dead: number };
  const stats = async (db: Database) =>
    (
      await db.sql.query<Stat>(
        `select relname, vacuum_count::int as vacuums, analyze_count::int as analyzes, n_dead_tup::int as dead
           from pg_stat_user_tables where schemaname = 'public'`,
      )
    ).rows;

  it('hourly by default, and on a short interval every churning table while other queries go on', async () => {
    expect(PGLITE_VACUUM_MS).toBe(60 * 60_000);
    expect(PGLITE_VACUUM_TABLES).toEqual(
      expect.arrayContaining(['outbox', 'button_events', 'alerts', 'alert_events', 'gateway_heartbeats']),
    );
    database = await openDatabase({ dataDir: ':memory:', pgliteVacuumMs: 150 });
    const { db } = database;
    const account = 'vacuum@example.test';
    await db
      .insert(loginFailures)
      .values(Array.from({ length: 200 }, () => ({ account, client: '10.0.0.1' })));
    await db.delete(loginFailures).where(eq(loginFailures.account, account));

    // Queries and transactions keep working while the vacuums come and go.
    const deadline = Date.now() + 20_000;
    let rounds = 0;
    let churning: Stat[] = [];
    for (;;) {
      await db.transaction(async (tx) => {
        await tx.insert(loginFailures).values({ account: `${account}${rounds}`, client: '10.0.0.2' });
        await tx.delete(loginFailures).where(eq(loginFailures.account, `${account}${rounds}`));
      });
      const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(loginFailures);
      expect(row!.n).toBe(0);
      rounds++;
      churning = (await stats(database)).filter((s) => PGLITE_VACUUM_TABLES.includes(s.relname));
      if (churning.every((s) => s.vacuums >= 2) || Date.now() > deadline) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    // Every churning table of the schema.
    expect(churning.map((s) => s.relname).sort()).toEqual([...PGLITE_VACUUM_TABLES].sort());
    for (const s of churning) {
      expect(s.vacuums, s.relname).toBeGreaterThanOrEqual(2);
      expect(s.analyzes, s.relname).toBeGreaterThanOrEqual(2);
    }
    expect(churning.find((s) => s.relname === 'login_failures')!.dead).toBe(0);
    // Tables that do not churn are left alone.
    expect((await stats(database)).find((s) => s.relname === 'zones')!.vacuums).toBe(0);
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
