import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { and, eq, sql } from 'drizzle-orm';
import { buildApp } from '../../src/app';
import { openDatabase, type Db } from '../../src/platform/db/client';
import { alertEvents, alerts, apiKeys, gateways, outbox, tags, zones } from '../../src/db/schema';
import { ROOT_ZONE_ID, seedBase } from '../../src/db/seed';
import { sha256 } from '../../src/platform/crypto';
import { escalateDue } from '../../src/alerts/escalation';
import { getTestApp, signIn, testConfig, unique } from '../helpers/app';
import { freshMac, freshTag, gatewayAuth, press, pressForAlert, zoneByName } from '../helpers/alerts';
import { orgBySlugCache } from '../../src/platform/organisations';
import { roleAbilityCache } from '../../src/auth/resolve-caller';

let app: FastifyInstance;
let security: Record<string, string>;
beforeAll(async () => {
  app = await getTestApp();
  security = (await signIn(app, 'security@demo.example')).headers;
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const alertOf = async (db: Db, id: string) => (await db.select().from(alerts).where(eq(alerts.id, id)))[0]!;
const escalations = async (db: Db, id: string) => ({
  history: await db
    .select()
    .from(alertEvents)
    .where(and(eq(alertEvents.alertId, id), eq(alertEvents.action, 'escalated'))),
  events: await db
    .select()
    .from(outbox)
    .where(
      sql`${outbox.payload}->'alert'->>'id' = ${id} and ${outbox.payload}->'alert'->>'state' = 'escalated'`,
    ),
});
const at = (base: Date, ms: number) => new Date(base.getTime() + ms);
const escalatedIds = async (now: Date) => (await escalateDue(app.db, now)).map((r) => r.id);

/**
 * A site of the demo organisation whose config sets `escalationDelayS`, with an area below it that
 * inherits it. Written to the database (other tests count Floor 2's units), so a test may also wait
 * less than the API's 5 s minimum.
 */
async function zoneWithDelay(delayS: number): Promise<string> {
  const org = await zoneByName(app, 'Demo Hospital');
  const [siteId, areaId] = [crypto.randomUUID(), crypto.randomUUID()];
  const name = unique('Escalation area ');
  await app.db.insert(zones).values([
    {
      id: siteId,
      name: unique('Escalation site '),
      level: 'site',
      parentId: org.id,
      path: [...org.path, siteId],
      config: { escalationDelayS: delayS },
    },
    { id: areaId, name, level: 'area', parentId: siteId, path: [...org.path, siteId, areaId] },
  ]);
  return name;
}

describe('escalation (SPEC §4)', () => {
  it('escalates an unacknowledged alert when the default 60 s have passed since it was created, once', async () => {
    const id = await pressForAlert(app, await freshTag(app, 'Room 201'));
    const { createdAt } = await alertOf(app.db, id);

    expect(await escalatedIds(at(createdAt, 59_999))).not.toContain(id);
    // Two instances sweeping at once (or a sweep, a timer and the job): one escalation.
    const both = await Promise.all([
      escalatedIds(at(createdAt, 60_000)),
      escalatedIds(at(createdAt, 60_000)),
    ]);
    expect(both.flat().filter((x) => x === id)).toHaveLength(1);
    expect(await escalatedIds(at(createdAt, 600_000))).not.toContain(id);

    const alert = await alertOf(app.db, id);
    expect(alert).toMatchObject({ state: 'escalated', escalatedAt: at(createdAt, 60_000), closedAt: null });
    const { history, events } = await escalations(app.db, id);
    expect(history).toHaveLength(1);
    expect(history[0]).toMatchObject({ actor: null, details: { delayS: 60 } });
    expect(events).toHaveLength(1);

    // Still open: listed, sounding, and it can be acknowledged and closed.
    const listed = (await app.inject({ url: '/api/alerts', headers: security })).json();
    expect(listed.data.find((a: { id: string }) => a.id === id)).toMatchObject({
      state: 'escalated',
      acknowledged: false,
    });
    const ack = await app.inject({
      method: 'PUT',
      url: `/api/alerts/${id}`,
      headers: security,
      payload: { acknowledged: true },
    });
    expect(ack.json()).toMatchObject({ state: 'escalated', acknowledged: true });
  });

  it('keeps a danger alert dangerous when it escalates', async () => {
    const id = await pressForAlert(app, await freshTag(app, 'Room 202'), { pattern: 'activeShooter' });
    const { createdAt } = await alertOf(app.db, id);
    expect(await escalatedIds(at(createdAt, 60_000))).toContain(id);
    expect(await alertOf(app.db, id)).toMatchObject({
      state: 'escalated',
      mode: 'danger',
      dangerReason: 'activeShooter',
    });
  });

  it('never escalates an acknowledged or a test alert; a new press after acknowledging re-arms it', async () => {
    const tag = await freshTag(app, 'Room 201');
    const acked = await pressForAlert(app, tag);
    await app.inject({
      method: 'PUT',
      url: `/api/alerts/${acked}`,
      headers: security,
      payload: { acknowledged: true },
    });
    const test = await pressForAlert(app, await freshTag(app, 'Room 201'), { pattern: 'test' });
    const later = at(new Date(), 3600_000);
    const first = await escalatedIds(later);
    expect(first).not.toContain(acked);
    expect(first).not.toContain(test);

    // The delay counts from creation: pressed again long after, it is unacknowledged and past due.
    expect((await press(app, tag)).json().results[0]).toMatchObject({ status: 'joined', alertId: acked });
    expect(await escalatedIds(later)).toContain(acked);
  });

  it("takes the zone's escalation delay, inherited along its path", async () => {
    const area = await zoneWithDelay(5);
    const id = await pressForAlert(app, await freshTag(app, area));
    const { createdAt } = await alertOf(app.db, id);
    expect(await escalatedIds(at(createdAt, 4_999))).not.toContain(id);
    expect(await escalatedIds(at(createdAt, 5_000))).toContain(id);
  });

  it('escalates on the instance that took the press within 1 s of its delay, by itself', async () => {
    const area = await zoneWithDelay(2);
    const id = await pressForAlert(app, await freshTag(app, area));
    const { createdAt } = await alertOf(app.db, id);
    const escalated = await waitForEscalation(app.db, id, 5000);
    const late = escalated.getTime() - createdAt.getTime() - 2000;
    expect(late).toBeGreaterThanOrEqual(0);
    expect(late).toBeLessThan(1000);
    console.log(`escalation after its delay: +${late} ms (in-process timer)`);
  });
});

async function waitForEscalation(db: Db, id: string, ms: number): Promise<Date> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    const { escalatedAt } = await alertOf(db, id);
    if (escalatedAt) return escalatedAt;
    await sleep(50);
  }
  throw new Error(`alert ${id} did not escalate within ${ms} ms`);
}

describe('escalation across a restart', () => {
  // This test opens a second database: its organisations must not stand in for the shared one's.
  const clearCaches = () => {
    orgBySlugCache.delete();
    roleAbilityCache.delete();
  };
  beforeEach(clearCaches);
  afterEach(clearCaches);

  /** The least a gateway needs: an organisation, an area with a 2 s delay, a gateway key, a gateway, a tag. */
  async function seedSite(db: Db) {
    await seedBase(db);
    const [orgId, areaId] = [crypto.randomUUID(), crypto.randomUUID()];
    await db.insert(zones).values([
      {
        id: orgId,
        name: 'Restart Org',
        level: 'org',
        parentId: ROOT_ZONE_ID,
        path: [ROOT_ZONE_ID, orgId],
        slug: unique('r'),
      },
      {
        id: areaId,
        name: 'Restart Area',
        level: 'area',
        parentId: orgId,
        path: [ROOT_ZONE_ID, orgId, areaId],
        config: { escalationDelayS: 2 },
      },
    ]);
    const key = `vg_${crypto.randomBytes(16).toString('hex')}`;
    await db.insert(apiKeys).values({
      name: 'gw',
      kind: 'gateway',
      zoneId: orgId,
      role: 'default',
      keyHash: sha256(key),
      prefix: key.slice(0, 10),
    });
    const [gateway, tag] = [freshMac(), freshMac()];
    await db.insert(gateways).values({ id: gateway, orgId, zoneId: areaId });
    await db.insert(tags).values({ id: tag, orgId, zoneId: areaId });
    return { key, gateway, tag };
  }

  it('an alert pressed before a restart escalates once after it, within 1 s of its delay (or of the start)', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vigil-escalation-'));
    const config = testConfig({ dataDir });
    const open = () => openDatabase({ databaseUrl: process.env.DATABASE_URL, dataDir });
    try {
      const first = await buildApp(config, { database: await open(), ownsDatabase: true, logger: false });
      const site = await seedSite(first.db);
      const res = await first.inject({
        method: 'POST',
        url: '/api/ingest/button-events',
        headers: gatewayAuth(site.key),
        payload: {
          gateway: site.gateway,
          buttonEvents: [
            { tag: site.tag, nonce: 1, events: [{ buttonPress: 0, buttonRelease: 100, tapDelta: 0 }] },
          ],
        },
      });
      const id = res.json().results[0].alertId as string;
      const { createdAt } = await alertOf(first.db, id);
      await first.close();

      const second = await buildApp(config, { database: await open(), ownsDatabase: true, logger: false });
      const startedAt = Date.now();
      try {
        const escalated = await waitForEscalation(second.db, id, 10_000);
        const due = createdAt.getTime() + 2000;
        expect(escalated.getTime()).toBeGreaterThanOrEqual(due);
        expect(escalated.getTime() - Math.max(due, startedAt)).toBeLessThan(1000);
        await sleep(1100); // a sweep, the timer and the job have all had their turn
        const { history, events } = await escalations(second.db, id);
        expect(history).toHaveLength(1);
        expect(events).toHaveLength(1);
        console.log(`after a restart: escalated ${escalated.getTime() - due} ms after its delay`);
      } finally {
        await second.close();
      }
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
