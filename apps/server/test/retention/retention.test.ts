import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { RETENTION_CATEGORIES, RETENTION_LABELS, type RetentionConfig } from '@vigil/domain';
import { auditLog } from '../../src/db/schema';
import { runRetention, RetentionRefused } from '../../src/retention';
import { getTestApp } from '../helpers/app';
import { expectedCounts, remaining, retentionOrg, seedHistory, type SeededRow } from './fixtures';

// Issue 19 Retention: "Retention deletes exactly what is older than the setting, in every table it
// names, and no row of another organisation."

const ALL_TABLES = RETENTION_CATEGORIES.flatMap((c) => RETENTION_LABELS[c].tables);
const SETTINGS: RetentionConfig = {
  alerts: 30,
  auditLog: 60,
  syncLog: 90,
  heartbeats: 7,
  consoleSnapshots: 14,
};

let app: FastifyInstance;
const now = new Date(Math.floor(Date.now() / 1000) * 1000);

beforeAll(async () => {
  app = await getTestApp();
});

async function retentionAudits(orgId: string) {
  return app.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.orgId, orgId), eq(auditLog.entity, 'retention')));
}

function split(seeded: SeededRow[], left: Set<string>) {
  const key = (r: SeededRow) => `${r.table}:${r.id}`;
  return {
    wronglyDeleted: seeded.filter((r) => !r.goes && !left.has(key(r))).map((r) => `${r.table}: ${r.what}`),
    wronglyKept: seeded.filter((r) => r.goes && left.has(key(r))).map((r) => `${r.table}: ${r.what}`),
  };
}

describe('runRetention (issue 19 Retention)', () => {
  let a: Awaited<ReturnType<typeof retentionOrg>>;
  let b: Awaited<ReturnType<typeof retentionOrg>>;
  let seededA: SeededRow[];
  let seededB: SeededRow[];

  beforeAll(async () => {
    // Two organisations with the same settings and the same history: only the organisation asked
    // for may lose rows.
    a = await retentionOrg(app, SETTINGS);
    b = await retentionOrg(app, SETTINGS);
    seededA = await seedHistory(app, a, now);
    seededB = await seedHistory(app, b, now);
  });

  it('counts in a dry run exactly what a run would delete, and deletes nothing', async () => {
    const report = await runRetention(app.db, { now, orgId: a.id, dryRun: true });
    expect(report.dryRun).toBe(true);
    expect(report.organisations.map((o) => o.id)).toEqual([a.id]);
    expect(report.organisations[0]!.deleted).toEqual(expectedCounts(seededA, ALL_TABLES));
    expect((await remaining(app, seededA)).size).toBe(seededA.length);
    expect(await retentionAudits(a.id)).toEqual([]);
  });

  it('deletes exactly the rows older than the setting, in every table, and none of another organisation', async () => {
    const report = await runRetention(app.db, { now, orgId: a.id });
    expect(report.complete).toBe(true);
    expect(split(seededA, await remaining(app, seededA))).toEqual({ wronglyDeleted: [], wronglyKept: [] });
    // Every table the categories name lost a row: the table of rows above covers them all.
    expect(Object.entries(report.organisations[0]!.deleted).filter(([, n]) => n === 0)).toEqual([]);
    const leftB = await remaining(app, seededB);
    expect(seededB.filter((r) => !leftB.has(`${r.table}:${r.id}`))).toEqual([]);
  });

  it('writes one audit row for the run, by system, counting the rows deleted per table', async () => {
    const audits = await retentionAudits(a.id);
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({
      actor: 'system',
      entity: 'retention',
      entityId: a.id,
      action: 'delete',
      after: expectedCounts(seededA, ALL_TABLES),
    });
    expect(audits[0]!.requestId).toMatch(/^retention:[0-9a-f-]{36}$/);
  });

  it('deletes nothing more on a second run, and audits nothing then', async () => {
    const report = await runRetention(app.db, { now, orgId: a.id });
    expect(Object.values(report.organisations[0]!.deleted).every((n) => n === 0)).toBe(true);
    expect(await retentionAudits(a.id)).toHaveLength(1);
  });

  it('runs the other organisation by its own settings when asked for it (by slug)', async () => {
    await runRetention(app.db, { now, orgSlug: b.slug });
    expect(split(seededB, await remaining(app, seededB))).toEqual({ wronglyDeleted: [], wronglyKept: [] });
  });

  it('refuses an organisation it does not know', async () => {
    await expect(runRetention(app.db, { orgSlug: 'no-such-org-retention' })).rejects.toThrow(
      RetentionRefused,
    );
    await expect(runRetention(app.db, { orgId: 'not-a-uuid' })).rejects.toThrow(RetentionRefused);
  });
});

describe('runRetention settings (issue 19: per organisation, forever, defaults)', () => {
  it.each([
    ['keeps a category set to forever', { auditLog: 'forever', heartbeats: 'forever' } as RetentionConfig],
    ['takes the defaults for what the organisation leaves out', undefined],
    ['applies each setting of a full config', SETTINGS],
  ])('%s', async (_name, config) => {
    const org = await retentionOrg(app, config);
    const seeded = await seedHistory(app, org, now);
    await runRetention(app.db, { now, orgId: org.id });
    expect(split(seeded, await remaining(app, seeded))).toEqual({ wronglyDeleted: [], wronglyKept: [] });
  });

  it('reads every organisation in one run, each by its settings (dry run)', async () => {
    const short = await retentionOrg(app, SETTINGS);
    const forever = await retentionOrg(
      app,
      Object.fromEntries(RETENTION_CATEGORIES.map((c) => [c, 'forever'])),
    );
    const seededShort = await seedHistory(app, short, now);
    await seedHistory(app, forever, now);
    const report = await runRetention(app.db, { now, dryRun: true });
    const of = (id: string) => report.organisations.find((o) => o.id === id)?.deleted;
    expect(of(short.id)).toEqual(expectedCounts(seededShort, ALL_TABLES));
    expect(of(forever.id)).toEqual({});
  });
});

describe('runRetention batches (issue 19: small batches that never hold the ingest back)', () => {
  it('deletes everything with batches of two rows, in many statements', async () => {
    const org = await retentionOrg(app, { alerts: 1, heartbeats: 1, auditLog: 1 });
    const old = new Date(now.getTime() - 3 * 86_400_000);
    for (let i = 0; i < 7; i++) {
      await app.db.execute(sql`
        insert into alerts (org_id, zone_id, tag_id, state, mode, created_at, last_press_at, updated_at, closed_at)
        values (${org.id}, ${org.site}, ${`e8000000000${i}`}, 'closed', 'help', ${old.toISOString()}, ${old.toISOString()},
          ${old.toISOString()}, ${old.toISOString()})`);
      for (const gateway of org.gateways) {
        await app.db.execute(sql`insert into gateway_heartbeats (org_id, gateway_id, payload, at)
          values (${org.id}, ${gateway}, '{}', ${new Date(old.getTime() - i * 1000).toISOString()})`);
      }
      await app.db
        .execute(sql`insert into audit_log (request_id, actor, org_id, entity, entity_id, action, at)
        values ('t', 'someone', ${org.id}, 'tag', 'x', 'update', ${old.toISOString()})`);
    }
    // A target no statement reaches: the batch size stays at two, however loaded the machine.
    const report = await runRetention(app.db, { now, orgId: org.id, batchSize: 2, targetMs: 60_000 });
    expect(report.organisations[0]!.deleted).toMatchObject({
      alerts: 7,
      gateway_heartbeats: 14,
      audit_log: 7,
    });
    expect(report.batches.alerts).toMatchObject({ statements: 4, rows: 7 });
    expect(report.batches.audit).toMatchObject({ statements: 4, rows: 7 });
    // Two gateways: a chunk of both, in batches of two, until a batch comes back short.
    expect(report.batches.heartbeats).toMatchObject({ statements: 8, rows: 14 });
    const left = (await app.db.execute(sql`
      select (select count(*) from alerts where org_id = ${org.id})::int as alerts,
        (select count(*) from gateway_heartbeats where org_id = ${org.id})::int as heartbeats`)) as unknown as {
      rows: { alerts: number; heartbeats: number }[];
    };
    expect(left.rows[0]).toEqual({ alerts: 0, heartbeats: 0 });
  });

  it('stops between batches once its time is up, and says it did not finish', async () => {
    const org = await retentionOrg(app, { heartbeats: 1 });
    const old = new Date(now.getTime() - 3 * 86_400_000).toISOString();
    await app.db.execute(sql`insert into gateway_heartbeats (org_id, gateway_id, payload, at)
      values (${org.id}, ${org.gateways[0]}, '{}', ${old})`);
    const report = await runRetention(app.db, { now, orgId: org.id, maxMs: 0 });
    expect(report.complete).toBe(false);
    const again = await runRetention(app.db, { now, orgId: org.id });
    expect(again.complete).toBe(true);
    expect(again.organisations[0]!.deleted.gateway_heartbeats).toBe(1);
  });
});

describe('runRetention and a gateway moved to another organisation (issue 19: no row of another organisation)', () => {
  it("deletes each heartbeat by its own organisation's setting, and only when that organisation is run", async () => {
    const first = await retentionOrg(app, { heartbeats: 10 });
    const second = await retentionOrg(app, { heartbeats: 5 });
    const moved = first.gateways[0]!;
    const daysAgo = (d: number) => new Date(now.getTime() - d * 86_400_000).toISOString();
    const beat = async (orgId: string, days: number) => {
      const result = (await app.db
        .execute(sql`insert into gateway_heartbeats (org_id, gateway_id, payload, at)
        values (${orgId}, ${moved}, '{}', ${daysAgo(days)}) returning id::text as id`)) as unknown as {
        rows: { id: string }[];
      };
      return result.rows[0]!.id;
    };
    // Heard in the first organisation 12 and 8 days ago, then moved: heard in the second 7 and 3 days ago.
    const ids = { first12: await beat(first.id, 12), first8: await beat(first.id, 8) };
    await app.db.execute(
      sql`update gateways set org_id = ${second.id}, zone_id = ${second.site} where id = ${moved}`,
    );
    const later = { second7: await beat(second.id, 7), second3: await beat(second.id, 3) };
    const left = async () => {
      const result = (await app.db.execute(
        sql`select id::text as id from gateway_heartbeats where gateway_id = ${moved} order by at`,
      )) as unknown as { rows: { id: string }[] };
      return result.rows.map((r) => r.id);
    };

    await runRetention(app.db, { now, orgId: second.id });
    expect(await left()).toEqual([ids.first12, ids.first8, later.second3]);
    await runRetention(app.db, { now, orgId: first.id });
    expect(await left()).toEqual([ids.first12, ids.first8, later.second3]);
    const all = await runRetention(app.db, { now, dryRun: true });
    expect(all.organisations.find((o) => o.id === first.id)?.deleted).toMatchObject({
      gateway_heartbeats: 1,
    });
    expect(all.organisations.find((o) => o.id === second.id)?.deleted).toMatchObject({
      gateway_heartbeats: 0,
    });
  });
});
