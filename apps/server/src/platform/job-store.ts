/** The job queue's table statements (jobs.ts runs them): storing, claiming, finishing, expiring, pruning. */
import { randomUUID } from 'node:crypto';
import type { SqlExecutor } from './db/sql-executor';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the payload a sender stored, as JSON
export type Job = { id: string; name: string; data: any };
export type JobHandler = (job: Job) => Promise<void>;

export type SendOptions = {
  /** Do not run before this time. */
  startAfter?: Date;
  /** At most one job with this key (per name) waits to run; a duplicate send returns null. */
  singletonKey?: string;
  /** Retries after the first failed attempt. Default 2. */
  retryLimit?: number;
};

export const DEFAULT_RETRY_LIMIT = 2;
/** Seconds between attempts of a failed job. */
export const RETRY_DELAY_S = 1;
/** A running job's claim is refreshed every HEARTBEAT_S/2; without it for HEARTBEAT_S it is retried. */
export const HEARTBEAT_S = 30;
/** Longest a single attempt may run before it is failed (and retried). */
export const EXPIRE_S = 15 * 60;
/** Finished jobs (completed, failed, cancelled) are kept this long, then deleted. */
export const RETENTION_DAYS = 7;
export const PRUNE_BATCH = 1000;

/** A claimed attempt: the job and the claim id that only its holder knows. */
export type Claimed = { job: Job; claim: string; attempt: number };

/** A job as the insert statements read it (one JSON record per job). */
function jobRecord(data: object, opts: SendOptions) {
  return {
    data,
    singleton_key: opts.singletonKey ?? null,
    start_after: opts.startAfter?.toISOString() ?? null,
    retry_limit: Math.max(0, Math.floor(opts.retryLimit ?? DEFAULT_RETRY_LIMIT)),
  };
}

/**
 * Stores the jobs of `$2` (a JSON array of jobRecord) under name `$1`. A job whose key matches a
 * waiting job's (or an earlier one's in the same array) is not stored: the partial unique index
 * jobs_singleton_idx over `created` jobs is the arbiter.
 */
const INSERT_JOBS = `
  insert into jobs (name, data, singleton_key, start_after, retry_limit)
  select $1, j.data, j.singleton_key, coalesce(j.start_after, now()), j.retry_limit
  from jsonb_to_recordset($2::jsonb) as j(data jsonb, singleton_key text, start_after timestamptz, retry_limit int)
  on conflict (name, singleton_key) where state = 'created' do nothing
  returning id`;

/** What a failed attempt becomes: waiting for a retry RETRY_DELAY_S later, or failed for good. */
const FAIL_ATTEMPT = `
  state = case when retry_count < retry_limit then 'retry' else 'failed' end,
  retry_count = case when retry_count < retry_limit then retry_count + 1 else retry_count end,
  start_after = case when retry_count < retry_limit
    then now() + ${RETRY_DELAY_S} * interval '1 second' else start_after end,
  finished_at = case when retry_count < retry_limit then null else now() end,
  claim = null`;

export type JobStore = ReturnType<typeof jobStore>;

/** The queue's statements: each is one statement, so none needs a transaction of its own. */
export function jobStore(db: SqlExecutor) {
  return {
    async insert(name: string, data: object, opts: SendOptions): Promise<string | null> {
      const { rows } = await db.query<{ id: string }>(INSERT_JOBS, [
        name,
        JSON.stringify([jobRecord(data, opts)]),
      ]);
      return rows[0]?.id ?? null;
    },

    async insertMany(name: string, jobs: readonly { data: object; opts?: SendOptions }[]): Promise<void> {
      await db.query(INSERT_JOBS, [
        name,
        JSON.stringify(jobs.map(({ data, opts }) => jobRecord(data, opts ?? {}))),
      ]);
    },

    /** Claims the due job of `name` that has waited longest, skipping rows another claim holds. */
    async claim(name: string): Promise<Claimed | undefined> {
      const claim = randomUUID();
      const { rows } = await db.query<{ id: string; data: unknown; retry_count: number }>(
        `update jobs set state = 'active', claim = $2, started_at = now(), heartbeat_at = now()
         where id = (
           select id from jobs
           where name = $1 and state in ('created', 'retry') and start_after <= now()
           order by start_after
           limit 1
           for update skip locked)
         returning id, data, retry_count`,
        [name, claim],
      );
      const row = rows[0];
      if (!row) return undefined;
      return { job: { id: row.id, name, data: row.data }, claim, attempt: row.retry_count + 1 };
    },

    /** Refreshes the heartbeat of these claims (those still held). */
    async heartbeat(claims: readonly string[]): Promise<void> {
      await db.query(
        `update jobs set heartbeat_at = now()
         where state = 'active'
           and claim = any(array(select c::uuid from jsonb_array_elements_text($1::jsonb) as t(c)))`,
        [JSON.stringify(claims)],
      );
    },

    async complete(id: string, claim: string): Promise<void> {
      await db.query(
        `update jobs set state = 'completed', finished_at = now(), claim = null
         where id = $1 and claim = $2 and state = 'active'`,
        [id, claim],
      );
    },

    async fail(id: string, claim: string, error: string): Promise<void> {
      await db.query(
        `update jobs set ${FAIL_ATTEMPT}, error = $3
         where id = $1 and claim = $2 and state = 'active'`,
        [id, claim, error],
      );
    },

    async cancel(name: string, id: string): Promise<void> {
      await db.query(
        `update jobs set state = 'cancelled', finished_at = now(), claim = null
         where id = $1 and name = $2 and state in ('created', 'retry', 'active')`,
        [id, name],
      );
    },

    /**
     * Fails the attempts whose holder stopped beating for HEARTBEAT_S (it died) or that ran past
     * EXPIRE_S; rows another statement holds are left for the next round.
     */
    async expireClaims(): Promise<{ id: string; name: string; state: string }[]> {
      const { rows } = await db.query<{ id: string; name: string; state: string }>(
        `update jobs set ${FAIL_ATTEMPT},
           error = case when heartbeat_at < now() - ${HEARTBEAT_S} * interval '1 second'
             then 'no heartbeat for ${HEARTBEAT_S} s: its instance stopped'
             else 'ran longer than ${EXPIRE_S} s' end
         where id in (
           select id from jobs
           where state = 'active'
             and (heartbeat_at < now() - ${HEARTBEAT_S} * interval '1 second'
               or started_at < now() - ${EXPIRE_S} * interval '1 second')
           for update skip locked)
         returning id, name, state`,
      );
      return rows;
    },

    /** Deletes up to PRUNE_BATCH jobs finished more than RETENTION_DAYS ago; answers how many. */
    async prune(): Promise<number> {
      const { rows } = await db.query<{ n: number }>(
        `with gone as (
           delete from jobs where id in (
             select id from jobs
             where state in ('completed', 'failed', 'cancelled')
               and finished_at < now() - ${RETENTION_DAYS} * interval '1 day'
             limit ${PRUNE_BATCH}
             for update skip locked)
           returning 1)
         select count(*)::int as n from gone`,
      );
      return rows[0]?.n ?? 0;
    },
  };
}
