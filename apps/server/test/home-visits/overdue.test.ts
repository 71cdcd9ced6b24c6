import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Alert } from '@vigil/domain';
import { buildApp } from '../../src/app';
import { openDatabase, type Db } from '../../src/platform/db/client';
import {
  alertEvents,
  alerts,
  homeVisits,
  notificationTriggers,
  outbox,
  people,
  tags,
  zones,
} from '../../src/db/schema';
import { ROOT_ZONE_ID, seedBase } from '../../src/db/seed';
import { raiseOverdueVisits } from '../../src/home-visits';
import { testConfig, unique } from '../helpers/app';
import { freshMac } from '../helpers/alerts';
import { orgBySlugCache } from '../../src/platform/organisations';
import { roleAbilityCache } from '../../src/auth/resolve-caller';
import { minutes } from './visit-fixtures';

// Issue 20, the lone-worker timer: a visit not checked out VISIT_OVERDUE_GRACE_MIN (15) after its
// planned end raises one alert, once, across restarts and instances (like escalation's).

/** An organisation of its own with a home, a remote person owning a tag, one without, and visits. */
async function seedVisits(db: Db) {
  await seedBase(db);
  const [orgId, homeId] = [crypto.randomUUID(), crypto.randomUUID()];
  const org = { id: orgId, name: 'Visits Org', level: 'org', parentId: ROOT_ZONE_ID, slug: unique('hv') };
  await db.insert(zones).values([
    { ...org, path: [ROOT_ZONE_ID, orgId] },
    {
      id: homeId,
      name: '7 Rose Lane',
      level: 'site',
      parentId: orgId,
      path: [ROOT_ZONE_ID, orgId, homeId],
      config: { category: 'home', geometry: { type: 'Point', coordinates: [-87.6, 41.9] } },
    },
  ]);
  const tag = freshMac();
  const [tagged, untagged] = await db
    .insert(people)
    .values([
      { orgId, name: 'Harper Kim', personId: 'P-1', isRemote: true },
      { orgId, name: 'Robin Lee', personId: 'P-2', isRemote: true },
    ])
    .returning();
  await db
    .insert(tags)
    .values({ id: tag, orgId, config: { owner: { name: 'Harper Kim', personId: 'P-1' } } });
  const site = { orgId, homeId, tag, tagged: tagged!.id, untagged: untagged!.id };
  return {
    ...site,
    overdue: {
      tagged: await addVisit(db, site, site.tagged, -30),
      untagged: await addVisit(db, site, site.untagged, -20),
    },
    notDue: [
      await addVisit(db, site, site.tagged, -10), // within the grace
      await addVisit(db, site, site.untagged, -60, { checkedOutAt: minutes(-50) }),
      await addVisit(db, site, site.untagged, -60, { cancelledAt: minutes(-100), checkedInAt: null }),
    ],
  };
}

/** A visit of an hour, checked in, planned to end `end` minutes from now. */
async function addVisit(
  db: Db,
  site: { orgId: string; homeId: string },
  personId: string,
  end: number,
  extra: Partial<typeof homeVisits.$inferInsert> = {},
) {
  const [row] = await db
    .insert(homeVisits)
    .values({
      orgId: site.orgId,
      personId,
      homeZoneId: site.homeId,
      plannedStart: minutes(end - 60),
      plannedEnd: minutes(end),
      checkedInAt: minutes(end - 58),
      ...extra,
    })
    .returning();
  return row!.id;
}

const alertsOf = (db: Db, visitIds: string[]) =>
  db.select().from(alerts).where(inArray(alerts.visitId, visitIds));

describe('the lone-worker timer across a restart', () => {
  // This test opens a database of its own: its organisation must not stand in for the shared one's.
  const clearCaches = () => {
    orgBySlugCache.delete();
    roleAbilityCache.delete();
  };
  beforeEach(clearCaches);
  afterEach(clearCaches);

  it('raises one alert per overdue visit, at the home, however many sweeps and instances run', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vigil-visits-'));
    const config = testConfig({ dataDir });
    const open = () => openDatabase({ databaseUrl: process.env.DATABASE_URL, dataDir });
    try {
      const first = await buildApp(config, { database: await open(), ownsDatabase: true, logger: false });
      const site = await seedVisits(first.db);
      // Two sweeps at once, as two instances would run them (and the instance's own may run too).
      await Promise.all([raiseOverdueVisits(first.db), raiseOverdueVisits(first.db)]);
      expect(await alertsOf(first.db, [site.overdue.tagged, site.overdue.untagged])).toHaveLength(2);
      await first.close();

      // A visit falls overdue while no instance runs; the restart raises it as it starts.
      const down = await open();
      const whileDown = await addVisit(down.db, site, site.untagged, -40);
      await down.close();
      const second = await buildApp(config, { database: await open(), ownsDatabase: true, logger: false });
      try {
        expect(await alertsOf(second.db, [whileDown])).toHaveLength(1);
        expect(await raiseOverdueVisits(second.db)).toEqual([]);
        const ids = [site.overdue.tagged, site.overdue.untagged, whileDown];
        const rows = await alertsOf(second.db, [...ids, ...site.notDue]);
        expect(rows).toHaveLength(3);
        const byVisit = new Map(rows.map((r) => [r.visitId, r]));
        // The person's own tag, else a tag id no MAC can be.
        expect(byVisit.get(site.overdue.tagged)).toMatchObject({
          tagId: site.tag,
          zoneId: site.homeId,
          mode: 'help',
        });
        expect(byVisit.get(whileDown)).toMatchObject({ tagId: `visit-${whileDown}`, zoneId: site.homeId });
        expect(byVisit.get(site.overdue.untagged)).toMatchObject({
          tagId: `visit-${site.overdue.untagged}`,
          zoneId: site.homeId,
          mode: 'help',
        });

        const visits = await second.db
          .select()
          .from(homeVisits)
          .where(inArray(homeVisits.id, [...ids, ...site.notDue]));
        for (const v of visits) expect(v.overdueAlertId).toBe(byVisit.get(v.id)?.id ?? null);

        for (const row of rows) {
          // It reached consoles as any alert does: one realtime event, its history and notification trigger.
          const events = await second.db
            .select()
            .from(outbox)
            .where(sql`${outbox.payload}->'alert'->>'id' = ${row.id}`);
          expect(events).toHaveLength(1);
          expect((events[0]!.payload as { alert: Alert }).alert).toMatchObject({
            location: { id: site.homeId, name: '7 Rose Lane' },
            remote: { person: { name: expect.any(String) } },
            visit: {
              id: row.visitId,
              address: '7 Rose Lane',
              point: { lat: 41.9, lng: -87.6 },
              overdue: true,
            },
          });
          const history = await second.db.select().from(alertEvents).where(eq(alertEvents.alertId, row.id));
          expect(history.map((h) => h.action).sort()).toEqual(['created', 'notified']);
          const triggers = await second.db
            .select()
            .from(notificationTriggers)
            .where(and(eq(notificationTriggers.alertId, row.id), eq(notificationTriggers.kind, 'created')));
          expect(triggers).toHaveLength(1);
        }
      } finally {
        await second.close();
      }
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
