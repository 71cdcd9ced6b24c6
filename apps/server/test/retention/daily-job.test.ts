import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { auditLog } from '../../src/db/schema';
import { createJobQueue, type JobQueue } from '../../src/platform/jobs';
import { RETENTION_JOB, nextRetentionRun, workRetention } from '../../src/retention/daily-job';
import { getTestApp } from '../helpers/app';
import { adminOf, retentionOrg } from './fixtures';

// Issue 19 Retention: "enforced by a daily job"; the settings are set through the zone PUT.

let app: FastifyInstance;
beforeAll(async () => {
  app = await getTestApp();
});

async function until<T>(read: () => Promise<T | undefined>, what: string, ms = 20_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

type JobRow = { state: string; singleton_key: string | null; start_after: string };
async function retentionJobs(): Promise<JobRow[]> {
  const result = (await app.db.execute(
    sql`select state, singleton_key, start_after::text from jobs where name = ${RETENTION_JOB} order by created_at`,
  )) as unknown as { rows: JobRow[] };
  return result.rows;
}

describe('nextRetentionRun (issue 19: the daily run at 03:00 UTC)', () => {
  it.each([
    ['2026-06-01T00:00:00.000Z', '2026-06-01T03:00:00.000Z'],
    ['2026-06-01T02:59:59.999Z', '2026-06-01T03:00:00.000Z'],
    ['2026-06-01T03:00:00.000Z', '2026-06-02T03:00:00.000Z'],
    ['2026-06-01T17:30:00.000Z', '2026-06-02T03:00:00.000Z'],
    ['2026-12-31T23:00:00.000Z', '2027-01-01T03:00:00.000Z'],
  ])('after %s → %s', (now, next) => {
    expect(nextRetentionRun(new Date(now)).toISOString()).toBe(next);
  });
});

describe('the daily retention job (issue 19)', () => {
  let queue: JobQueue;
  const closing = new AbortController();
  const log = { info: () => undefined, error: () => undefined, warn: () => undefined };

  beforeAll(async () => {
    await app.db.execute(sql`delete from jobs where name = ${RETENTION_JOB}`);
    queue = await createJobQueue(app.database.sql, { pollIntervalMs: 500, log });
  });
  afterAll(async () => {
    closing.abort();
    await queue.stop();
    await app.db.execute(sql`delete from jobs where name = ${RETENTION_JOB}`);
  });

  it('stores the next daily run once, however many instances ask', async () => {
    await workRetention({ db: app.db, jobs: queue, log, signal: closing.signal });
    await workRetention({ db: app.db, jobs: queue, log, signal: closing.signal });
    const jobs = await retentionJobs();
    expect(jobs).toHaveLength(1);
    expect(jobs[0]).toMatchObject({ state: 'created', singleton_key: 'daily' });
    expect(new Date(jobs[0]!.start_after).toISOString()).toBe(nextRetentionRun(new Date()).toISOString());
  });

  it('runs retention when due, audits it, and leaves the next day stored', async () => {
    const org = await retentionOrg(app, { heartbeats: 1 });
    const old = new Date(Date.now() - 2 * 86_400_000).toISOString();
    await app.db.execute(sql`insert into gateway_heartbeats (org_id, gateway_id, payload, at)
      values (${org.id}, ${org.gateways[0]}, '{}', ${old})`);
    await queue.send(RETENTION_JOB, {});
    const [audit] = await until(async () => {
      const rows = await app.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.orgId, org.id), eq(auditLog.entity, 'retention')));
      return rows.length ? rows : undefined;
    }, 'the retention audit row');
    expect(audit).toMatchObject({ actor: 'system', action: 'delete', after: { gateway_heartbeats: 1 } });
    const jobs = await until(async () => {
      const rows = await retentionJobs();
      return rows.some((j) => j.state === 'completed') ? rows : undefined;
    }, 'the job to complete');
    expect(jobs.filter((j) => j.state === 'created')).toEqual([
      expect.objectContaining({ singleton_key: 'daily' }),
    ]);
  });
});

describe('retention settings through the zone PUT (issue 19: set like any change, audited)', () => {
  let org: Awaited<ReturnType<typeof retentionOrg>>;
  let admin: Record<string, string>;
  beforeAll(async () => {
    org = await retentionOrg(app);
    admin = await adminOf(app, org);
  });
  const put = (config: unknown) =>
    app.inject({ method: 'PUT', url: `/api/zones/${org.id}`, headers: admin, payload: { config } });

  it('sets an organisation’s retention, audited as a zone change', async () => {
    const res = await put({ retention: { heartbeats: 7, auditLog: 'forever' } });
    expect(res.statusCode).toBe(200);
    expect(res.json().config.retention).toEqual({ heartbeats: 7, auditLog: 'forever' });
    const audits = await app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'zone'), eq(auditLog.entityId, org.id), eq(auditLog.action, 'update')));
    expect(audits.at(-1)?.after).toMatchObject({
      config: { retention: { heartbeats: 7, auditLog: 'forever' } },
    });
  });

  it('puts one category back to its default with null, keeping the others', async () => {
    const res = await put({ retention: { heartbeats: null } });
    expect(res.statusCode).toBe(200);
    expect(res.json().config.retention).toEqual({ auditLog: 'forever' });
  });

  it.each([
    [{ retention: { heartbeats: 0 } }, 'Keep at least 1 day'],
    [{ retention: { alerts: 3651 } }, 'Keep at most 3650 days, or forever'],
    [{ retention: { alerts: 2.5 } }, 'Give whole days'],
    [{ retention: { sightings: 30 } }, 'sightings'],
  ])('refuses %j with a 400 naming the field', async (config, message) => {
    const res = await put(config);
    expect(res.statusCode).toBe(400);
    expect(res.json().reason).toContain(message);
    expect(res.json().field).toMatch(/retention/);
  });

  it('refuses retention on a zone below the organisation, and writes nothing', async () => {
    const res = await app.inject({
      method: 'PUT',
      url: `/api/zones/${org.site}`,
      headers: admin,
      payload: { config: { retention: { heartbeats: 7 } } },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      reason: 'Retention is set on an organisation only',
      field: 'config.retention',
    });
    const site = await app.inject({ method: 'GET', url: `/api/zones/${org.site}`, headers: admin });
    expect(site.json().config.retention).toBeUndefined();
  });
});
