import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { eq, sql } from 'drizzle-orm';
import { getTestApp, signIn, zoneIdByName } from '../helpers/app';
import { zones } from '../../src/db/schema';
import { planJobs } from '../../src/floorplans/tables';
import { corners, jobInstance, planImage, pollJob, status, upload } from './plan-helpers';

// A tile job whose instance died mid-job: the queue takes its claim back after the heartbeat
// timeout, and the job is either run again to the end or, out of attempts, answered as stopped;
// never "running" for ever. The instance "dies" by having its claim aged in the jobs table.

let shared: FastifyInstance;
let starter: FastifyInstance;
let admin: Record<string, string>;
let floor: string;

beforeAll(async () => {
  shared = await getTestApp();
  // An instance that takes requests but runs no job, so the jobs it starts wait for the test.
  starter = await jobInstance(shared);
  await starter.jobs!.stop();
  admin = (await signIn(starter, 'admin@demo.example')).headers;
  floor = await zoneIdByName(shared, 'Floor 1');
});
afterAll(async () => {
  await starter.close();
});

/** Starts a tile job, then makes it look claimed by an instance that died 2 minutes ago at 40 %. */
async function jobOfDeadInstance(attemptsLeft: boolean): Promise<string> {
  const source = (await upload(starter, admin, floor, await planImage(600, 400))).json() as { id: string };
  const res = await starter.inject({
    method: 'POST',
    url: `/api/zones/${floor}/plan/tile`,
    headers: admin,
    payload: { id: source.id, corners: corners(30) },
  });
  const { job } = res.json() as { job: string };
  await shared.db.execute(sql`
    update jobs set state = 'active', claim = gen_random_uuid(),
      started_at = now() - interval '2 minutes', heartbeat_at = now() - interval '2 minutes',
      retry_count = case when ${attemptsLeft} then 0 else retry_limit end
    where data->>'planJob' = ${job}`);
  await shared.db
    .update(planJobs)
    .set({ state: 'running', step: 'tiling', percent: 40, attempts: 1 })
    .where(eq(planJobs.id, job));
  return job;
}

async function queueState(job: string): Promise<string> {
  const { rows } = await shared.database.sql.query<{ state: string }>(
    `select state from jobs where data->>'planJob' = $1`,
    [job],
  );
  return rows[0]!.state;
}

describe('a tile job whose instance died', () => {
  it('is taken up again by a live instance and runs to 100 %', async () => {
    const job = await jobOfDeadInstance(true);
    expect(await status(starter, admin, floor, job)).toMatchObject({ isRunning: true, percent: 40 });
    const worker = await jobInstance(shared);
    try {
      const last = (await pollJob(starter, admin, floor, job, undefined, 30_000)).at(-1)!;
      expect(last).toMatchObject({ step: 'done', percent: 100, isRunning: false, failReason: null });
      const [row] = await shared.db.select().from(planJobs).where(eq(planJobs.id, job));
      expect(row!.attempts).toBe(2);
      const [zone] = await shared.db.select().from(zones).where(eq(zones.id, floor));
      expect(zone!.config.planId).toBe(job);
    } finally {
      await worker.close();
    }
  });

  it('out of attempts, is failed by the queue and answered as prematurely stopped', async () => {
    const job = await jobOfDeadInstance(false);
    const worker = await jobInstance(shared);
    try {
      await expect.poll(() => queueState(job), { timeout: 15_000, interval: 250 }).toBe('failed');
      // Its row stopped beating when the instance died (here: 10 minutes ago).
      await shared.db
        .update(planJobs)
        .set({ updatedAt: sql`now() - interval '10 minutes'` })
        .where(eq(planJobs.id, job));
      expect(await status(starter, admin, floor, job)).toEqual({
        step: 'tiling',
        percent: 40,
        isRunning: false,
        failReason: 'Prematurely stopped',
      });
    } finally {
      await worker.close();
    }
  });
});
