import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { and, eq, sql } from 'drizzle-orm';
import { notifications, notificationTriggers } from '../../src/db/schema';
import { channelFor } from '../../src/notifications/channels';
import { deliverDue } from '../../src/notifications/deliver';
import { fanOut } from '../../src/notifications/fan-out';
import { channelSettingsFrom } from '../../src/notifications/settings';
import { getTestApp, signIn, unique, zoneIdByName } from '../helpers/app';
import { insertTags } from '../helpers/tags';
import { startSmtpPeer, type SmtpPeer } from '../helpers/notify-peers';

// Issue 21 minimum inventory: a tag write that leaves a station below its minimum tells the
// subscribers of its subtree once (moment 'stationBelowMinimum'), and again only after the station
// was back at its minimum.

let app: FastifyInstance;
let admin: Record<string, string>;
let smtp: SmtpPeer;

beforeAll(async () => {
  app = await getTestApp();
  admin = (await signIn(app, 'admin@demo.example')).headers;
  smtp = await startSmtpPeer();
});

afterAll(async () => {
  await smtp.close();
});

const putTag = async (id: string, payload: object) => {
  const res = await app.inject({ method: 'PUT', url: `/api/tags/${id}`, headers: admin, payload });
  expect(res.statusCode, res.body).toBe(200);
};

async function subscribe(zone: string, address: string): Promise<string> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/subscriptions',
    headers: admin,
    payload: {
      recipient: { type: 'contact', name: unique('Stock desk '), kind: 'email', address },
      zone: await zoneIdByName(app, zone),
      modes: [],
      moments: ['stationBelowMinimum'],
    },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().id;
}

const triggersOf = (stationId: string) =>
  app.db
    .select()
    .from(notificationTriggers)
    .where(
      and(
        eq(notificationTriggers.kind, 'stationBelowMinimum'),
        sql`${notificationTriggers.details}->>'stationId' = ${stationId}`,
      ),
    );
const deliveriesTo = (subscriptionId: string) =>
  app.db.select().from(notifications).where(eq(notifications.subscriptionId, subscriptionId));

/** Fans out every pending trigger (other files' too, so that this file's are on their own). */
async function fanOutAll() {
  while ((await fanOut(app.db)).triggers > 0);
}

describe('a distribution station below its minimum inventory (issue 21)', () => {
  it('tells its subtree’s subscribers once when a tag write leaves it short, and again after a restock', async () => {
    // Stocked at its minimum before anyone subscribes: three available tags, minimum 2.
    const created = await app.inject({
      method: 'POST',
      url: '/api/distribution-station',
      headers: admin,
      payload: { name: unique('ED kiosk '), zoneId: await zoneIdByName(app, 'ED Room 101') },
    });
    const station = created.json() as { id: string; name: string };
    const [t1, t2, t3] = await insertTags(app, [
      { config: { state: 'available', station: station.id } },
      { config: { state: 'available', station: station.id } },
      { config: { state: 'available', station: station.id } },
    ]);
    const stocked = await app.inject({
      method: 'PUT',
      url: `/api/distribution-station/${station.id}`,
      headers: admin,
      payload: { name: station.name, minimumInventory: 2 },
    });
    expect(stocked.json()).toMatchObject({ availableTags: 3, minimumInventory: 2 });
    await fanOutAll();
    const ed = await subscribe('Emergency Department', 'ed-stock@hospital.test');
    const elsewhere = await subscribe('Floor 2', 'floor2@hospital.test');

    // Activated at the kiosk: 2 left, at the minimum; then 1, below it.
    await putTag(t1!, { state: 'deployed', owner: { name: 'Nora Nurse' } });
    expect(await triggersOf(station.id)).toEqual([]);
    await putTag(t2!, { state: 'deployed', owner: { name: 'Omar Orderly' } });
    expect(await triggersOf(station.id)).toEqual([
      expect.objectContaining({ details: expect.objectContaining({ available: 1, minimum: 2 }) }),
    ]);
    // Still short: no one is told again.
    await putTag(t3!, { state: 'deployed', owner: { name: 'Pat Porter' } });
    expect(await triggersOf(station.id)).toHaveLength(1);

    await fanOutAll();
    expect(await deliveriesTo(ed)).toEqual([
      expect.objectContaining({ moment: 'stationBelowMinimum', address: 'ed-stock@hospital.test' }),
    ]);
    expect(await deliveriesTo(elsewhere)).toEqual([]);

    const email = channelFor(
      'email',
      channelSettingsFrom({
        NOTIFY_SMTP_HOST: '127.0.0.1',
        NOTIFY_SMTP_PORT: String(smtp.port),
        NOTIFY_SMTP_FROM: 'vigil@demo.example',
      }),
    )!;
    // Every due delivery, other files' too (they are claimed a batch at a time, oldest first).
    while (
      (await deliverDue({
        db: app.db,
        secret: app.tokenSecret,
        publicBase: 'http://console.test',
        channels: { email },
      })) > 0
    );
    await email.close?.();
    const mail = await smtp.waitFor((m) => m.subject.startsWith(station.name));
    expect(mail.to).toEqual(['ed-stock@hospital.test']);
    expect(mail.subject).toBe(`${station.name}: 1 of 2 tags left, below its minimum`);
    expect(mail.text).toContain(
      `The distribution station ${station.name} at Main Campus › North Tower › Floor 1 › Emergency Department › ED Room 101 has 1 tag available to hand out, below its minimum inventory of 2.`,
    );

    // Restocked to the minimum (two returned to the shelf), then short again by a bulk write.
    await putTag(t1!, { state: 'available' });
    await putTag(t2!, { state: 'available' });
    expect(await triggersOf(station.id)).toHaveLength(1);
    const lost = await app.inject({
      method: 'PUT',
      url: '/api/tags',
      headers: admin,
      payload: { ids: [t1], op: 'mark_lost' },
    });
    expect(lost.statusCode, lost.body).toBe(200);
    const triggers = await triggersOf(station.id);
    expect(triggers).toHaveLength(2);
    expect(triggers[1]!.details).toMatchObject({ available: 1, minimum: 2 });
  });
});
