import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { gateways, notifications, subscriptions, tags, users } from '../../src/db/schema';
import { channelFor } from '../../src/notifications/channels';
import { sweepDisconnectedGateways, sweepFlaggedDigest } from '../../src/notifications/sweeps';
import { NotificationWorker } from '../../src/notifications';
import { deliverDue } from '../../src/notifications/deliver';
import { fanOut } from '../../src/notifications/fan-out';
import { channelSettingsFrom } from '../../src/notifications/settings';
import { getTestApp, signIn } from '../helpers/app';
import { freshMac, freshTag, pressForAlert, zoneByName } from '../helpers/alerts';
import {
  startSmsPeer,
  startSmtpPeer,
  startWctpPeer,
  startWebhookPeer,
  type SmsPeer,
  type SmtpPeer,
  type WctpPeer,
  type WebhookPeer,
} from '../helpers/notify-peers';

// Issue 16 "Delivery, never lost": a press becomes a trigger (same transaction), the fan-out makes a
// delivery per matching subscription, and the delivery workers send it through the real local peers.

const SECRET = 'webhook-secret-for-tests';
let app: FastifyInstance;
let smtp: SmtpPeer;
let wctp: WctpPeer;
let sms: SmsPeer;
let webhook: WebhookPeer;
let workers: NotificationWorker[] = [];
let orgId: string;
let building: string;
let otherFloor: string;

function settings(over: Record<string, string> = {}) {
  return channelSettingsFrom({
    NOTIFY_SMTP_HOST: '127.0.0.1',
    NOTIFY_SMTP_PORT: String(smtp.port),
    NOTIFY_SMTP_FROM: 'vigil@demo.example',
    NOTIFY_WCTP_URL: wctp.url,
    NOTIFY_WCTP_SENDER_ID: 'vigil',
    NOTIFY_SMS_URL: sms.url,
    NOTIFY_SMS_ACCOUNT_SID: sms.accountSid,
    NOTIFY_SMS_AUTH_TOKEN: sms.authToken,
    NOTIFY_SMS_FROM: '+12025550100',
    NOTIFY_WEBHOOK_SECRET: SECRET,
    ...over,
  });
}

/** A started worker on the shared test database, stopped after the test. */
function worker(over: Record<string, string> = {}) {
  const started = new NotificationWorker({
    db: app.db,
    secret: app.tokenSecret,
    publicBase: 'http://console.test',
    settings: settings(over),
    bus: app.realtime,
    pollMs: 200,
  });
  started.start();
  workers.push(started);
  return started;
}

type SubscriptionSpec = Partial<typeof subscriptions.$inferInsert>;
async function subscribe(spec: SubscriptionSpec) {
  const [row] = await app.db
    .insert(subscriptions)
    .values({
      orgId,
      zoneId: building,
      modes: ['help', 'danger'],
      moments: ['created'],
      ...spec,
    })
    .returning();
  return row!;
}

async function deliveriesOf(alertId: string) {
  return app.db.select().from(notifications).where(eq(notifications.alertId, alertId));
}

beforeAll(async () => {
  app = await getTestApp();
  [smtp, wctp, sms, webhook] = await Promise.all([
    startSmtpPeer(),
    startWctpPeer(),
    startSmsPeer(),
    startWebhookPeer(SECRET),
  ]);
  const tower = await zoneByName(app, 'North Tower');
  orgId = tower.path[1]!;
  building = tower.id;
  otherFloor = (await zoneByName(app, 'Floor 2')).id;
  // Subscriptions other files left in the shared database would be told of these presses too.
  await app.db.delete(subscriptions).where(eq(subscriptions.orgId, orgId));
});

afterEach(async () => {
  await Promise.all(workers.map((w) => w.stop()));
  workers = [];
  await app.db.delete(subscriptions).where(eq(subscriptions.orgId, orgId));
  for (const peer of [smtp, wctp, sms, webhook]) peer.setMode('ok');
});

afterAll(async () => {
  await Promise.all([smtp, wctp, sms, webhook].map((p) => p.close()));
});

describe('a press reaches every subscribed contact (issue 16)', () => {
  it('e-mails a contact subscribed to help alerts in the building, with what, where, who, when and the link', async () => {
    await subscribe({ contactName: 'Ward desk', contactKind: 'email', contactAddress: 'ward@hospital.test' });
    worker();
    const tag = await freshTag(app, 'ED Room 101', { owner: 'Nora Nurse' });
    const alertId = await pressForAlert(app, tag);
    const mail = await smtp.waitFor((m) => m.text.includes(tag));
    expect(mail.to).toEqual(['ward@hospital.test']);
    expect(mail.subject).toMatch(/^HELP alert: Nora Nurse — .*North Tower.*ED Room 101/);
    expect(mail.text).toMatch(/What: Help alert — alert created/);
    expect(mail.text).toMatch(/Where: .*North Tower › Floor 1 › Emergency Department › ED Room 101/);
    expect(mail.text).toMatch(/Floor: Floor 1 {3}Unit: Emergency Department/);
    expect(mail.text).toContain(`Who: Nora Nurse (tag ${tag})`);
    expect(mail.text).toMatch(/When: \d+ s ago/);
    const link = /Open the alert: (http:\/\/console\.test\/link\/a\/[\w-]{43})/.exec(mail.text)?.[1];
    expect(link).toBeDefined();
    // The receiver's key is the delivery's: the Message-ID and its own header.
    const [delivery] = await deliveriesOf(alertId);
    expect(mail.messageId).toBe(`<${delivery!.idempotencyKey}@vigil>`);
    expect(mail.headers['x-vigil-idempotency-key']).toBe(delivery!.idempotencyKey);
    await vi.waitFor(async () => expect((await deliveriesOf(alertId))[0]!.state).toBe('delivered'));
    // The link opens that alert without signing in.
    const res = await app.inject({ method: 'GET', url: `/api${new URL(link!).pathname}` });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().alert.id).toBe(alertId);
  });

  it('sends each contact kind over its channel: a user by e-mail, SMS, WCTP (Vocera), a signed webhook (Ascom)', async () => {
    const [admin] = await app.db.select().from(users).where(eq(users.email, 'admin@demo.example'));
    await subscribe({ userId: admin!.id });
    await subscribe({ contactName: 'On-call phone', contactKind: 'sms', contactAddress: '+12025550123' });
    await subscribe({ contactName: 'Vocera group', contactKind: 'vocera', contactAddress: 'security-team' });
    await subscribe({ contactName: 'Ascom', contactKind: 'ascom', contactAddress: `${webhook.url}/ascom` });
    worker();
    const tag = await freshTag(app, 'ED Room 101', { owner: 'Omar Orderly' });
    const alertId = await pressForAlert(app, tag);
    const [mail, text, page, hook] = await Promise.all([
      smtp.waitFor((m) => m.text.includes(tag)),
      sms.waitFor((m) => m.body.includes('Omar Orderly')),
      wctp.waitFor((m) => m.text.includes('Omar Orderly')),
      webhook.waitFor((h) => JSON.stringify(h.body).includes(alertId)),
    ]);
    expect(mail.to).toEqual(['admin@demo.example']);
    expect(text.to).toBe('+12025550123');
    expect(page.recipientId).toBe('security-team');
    expect(hook.signatureValid).toBe(true);
    expect(hook.body).toMatchObject({
      event: { type: 'alert.created', alert: { id: alertId, mode: 'help' } },
    });
    const rows = await deliveriesOf(alertId);
    expect(rows.map((r) => r.channel).sort()).toEqual(['email', 'sms', 'wctp', 'webhook']);
    // Every receiver saw its delivery's own key.
    const keys = new Map(rows.map((r) => [r.channel, r.idempotencyKey]));
    expect(text.idempotencyKey).toBe(keys.get('sms'));
    expect(page.messageId).toBe(keys.get('wctp'));
    expect(hook.idempotencyKey).toBe(keys.get('webhook'));
    expect(rows.find((r) => r.channel === 'email')!.recipient).toBe(`${admin!.name} (e-mail)`);
  });

  it.each<[string, SubscriptionSpec]>([
    ['paused', { pausedAt: new Date() }],
    ['for danger alerts only', { modes: ['danger'] }],
    ['for closes only', { moments: ['closed'] }],
    ['on another floor', { zoneId: 'other' }],
  ])('tells nobody whose subscription is %s', async (_, spec) => {
    const zoneId = spec.zoneId === 'other' ? otherFloor : building;
    await subscribe({
      contactName: 'Desk',
      contactKind: 'email',
      contactAddress: 'desk@hospital.test',
      ...spec,
      zoneId,
    });
    const tag = await freshTag(app, 'ED Room 101');
    const alertId = await pressForAlert(app, tag);
    // Fan the trigger out by hand: it is processed, and nothing was made of it.
    while ((await fanOut(app.db)).triggers > 0);
    expect(await deliveriesOf(alertId)).toEqual([]);
  });
});

describe('delivery never lost (issue 16)', () => {
  it('retries a refused e-mail with backoff, the same Message-ID each time, until the relay takes it', async () => {
    await subscribe({ contactName: 'Desk', contactKind: 'email', contactAddress: 'desk@hospital.test' });
    smtp.setMode('reject-temporary');
    const tag = await freshTag(app, 'ED Room 101');
    const alertId = await pressForAlert(app, tag);
    while ((await fanOut(app.db)).triggers > 0);
    const before = smtp.attempts();
    const ctx = { db: app.db, secret: app.tokenSecret, publicBase: 'http://console.test', channels: {} };
    const channels = { email: channelFor('email', settings())! };
    expect(await deliverDue({ ...ctx, channels })).toBeGreaterThan(0);
    const [failed] = await deliveriesOf(alertId);
    expect(failed).toMatchObject({ state: 'pending', attempts: 1 });
    expect(failed!.lastError).toMatch(/SMTP 451/);
    expect(failed!.dueAt.getTime()).toBeGreaterThan(Date.now());
    expect(smtp.attempts()).toBeGreaterThan(before);
    // The relay is back; the backoff is over (made due now rather than waited for).
    smtp.setMode('ok');
    await app.db
      .update(notifications)
      .set({ dueAt: new Date(0) })
      .where(eq(notifications.id, failed!.id));
    await deliverDue({ ...ctx, channels });
    const mail = await smtp.waitFor((m) => m.text.includes(tag));
    const [delivered] = await deliveriesOf(alertId);
    expect(delivered).toMatchObject({ state: 'delivered', attempts: 2, lastError: null });
    expect(mail.messageId).toBe(`<${delivered!.idempotencyKey}@vigil>`);
    await channels.email.close?.();
  });

  it('gives up at once on a permanent refusal, and on a channel this server has not configured', async () => {
    await subscribe({ contactName: 'Desk', contactKind: 'email', contactAddress: 'desk@hospital.test' });
    await subscribe({ contactName: 'Phone', contactKind: 'sms', contactAddress: '+12025550199' });
    smtp.setMode('reject-permanent');
    worker({ NOTIFY_SMS_URL: '' });
    const tag = await freshTag(app, 'ED Room 101');
    const alertId = await pressForAlert(app, tag);
    await vi.waitFor(async () => {
      const rows = await deliveriesOf(alertId);
      expect(rows.map((r) => r.state)).toEqual(['failed', 'failed']);
    });
    const rows = await deliveriesOf(alertId);
    const byChannel = new Map(rows.map((r) => [r.channel, r]));
    expect(byChannel.get('email')).toMatchObject({ attempts: 1 });
    expect(byChannel.get('email')!.lastError).toMatch(/SMTP 550/);
    expect(byChannel.get('sms')!.lastError).toBe(
      'SMS notifications are not configured on this server: set NOTIFY_SMS_URL, NOTIFY_SMS_ACCOUNT_SID, NOTIFY_SMS_AUTH_TOKEN, NOTIFY_SMS_FROM',
    );
  });

  it('delivers what an instance claimed and never finished (its lease ran out), with the same key', async () => {
    await subscribe({ contactName: 'Desk', contactKind: 'email', contactAddress: 'desk@hospital.test' });
    const tag = await freshTag(app, 'ED Room 101');
    const alertId = await pressForAlert(app, tag);
    while ((await fanOut(app.db)).triggers > 0);
    // As a dead instance leaves it: claimed (one attempt, a lease), never recorded.
    await app.db
      .update(notifications)
      .set({ attempts: 1, leaseUntil: sql`now() + interval '1 hour'` as never })
      .where(eq(notifications.alertId, alertId));
    worker();
    // Still leased: nobody takes it.
    expect(smtp.received.some((m) => m.text.includes(tag))).toBe(false);
    await app.db
      .update(notifications)
      .set({ leaseUntil: new Date(Date.now() - 1000) })
      .where(eq(notifications.alertId, alertId));
    const mail = await smtp.waitFor((m) => m.text.includes(tag));
    await vi.waitFor(async () => expect((await deliveriesOf(alertId))[0]!.state).toBe('delivered'));
    const [row] = await deliveriesOf(alertId);
    expect(row).toMatchObject({ attempts: 2 });
    expect(mail.messageId).toBe(`<${row!.idempotencyKey}@vigil>`);
  });

  it('says "still unacknowledged" when nobody acknowledged in time, and skips it when someone did', async () => {
    await subscribe({
      contactName: 'Supervisor',
      contactKind: 'email',
      contactAddress: 'supervisor@hospital.test',
      moments: ['unacknowledged'],
      unacknowledgedAfterS: 1,
    });
    worker();
    const [ignored, answered] = [await freshTag(app, 'ED Room 101'), await freshTag(app, 'ED Room 101')];
    const ignoredAlert = await pressForAlert(app, ignored);
    const answeredAlert = await pressForAlert(app, answered);
    const { headers } = await signIn(app, 'admin@demo.example');
    const ack = await app.inject({
      method: 'PUT',
      url: `/api/alerts/${answeredAlert}`,
      headers,
      payload: { acknowledged: true },
    });
    expect(ack.statusCode, ack.body).toBe(200);
    const mail = await smtp.waitFor((m) => m.text.includes(ignored));
    expect(mail.subject).toMatch(/^UNACKNOWLEDGED help alert/);
    expect(mail.text).toMatch(/no one has acknowledged it after 1 s/);
    await vi.waitFor(async () =>
      expect((await deliveriesOf(answeredAlert))[0]).toMatchObject({
        state: 'skipped',
        lastError: 'The alert was acknowledged in time.',
      }),
    );
    await vi.waitFor(async () => expect((await deliveriesOf(ignoredAlert))[0]!.state).toBe('delivered'));
  });

  it('sends each delivery once with two instances working the same database', async () => {
    await subscribe({ contactName: 'Desk', contactKind: 'email', contactAddress: 'desk@hospital.test' });
    await subscribe({ contactName: 'Hook', contactKind: 'connexall', contactAddress: `${webhook.url}/cx` });
    worker();
    worker();
    const tags = await Promise.all([1, 2, 3, 4, 5].map(() => freshTag(app, 'ED Room 101')));
    const alertIds = await Promise.all(tags.map((t) => pressForAlert(app, t)));
    await webhook.waitFor((h) => JSON.stringify(h.body).includes(alertIds.at(-1)!));
    await vi.waitFor(async () => {
      const rows = await app.db
        .select()
        .from(notifications)
        .where(and(eq(notifications.state, 'delivered'), sql`${notifications.alertId} in ${alertIds}`));
      expect(rows).toHaveLength(10);
    });
    // One e-mail per alert, however many workers.
    for (const tag of tags) expect(smtp.received.filter((m) => m.text.includes(tag))).toHaveLength(1);
    const hooks = webhook.received.filter((h) => alertIds.some((id) => JSON.stringify(h.body).includes(id)));
    expect(new Set(hooks.map((h) => h.idempotencyKey)).size).toBe(hooks.length);
    expect(hooks).toHaveLength(5);
  });
});

describe('the delivery log and the channels’ health (issue 16)', () => {
  it('lists an alert’s deliveries to whoever may read the alert, the whole log to subscription admins only', async () => {
    await subscribe({ contactName: 'Desk', contactKind: 'email', contactAddress: 'desk@hospital.test' });
    worker();
    const tag = await freshTag(app, 'ED Room 101');
    const alertId = await pressForAlert(app, tag);
    await smtp.waitFor((m) => m.text.includes(tag));
    await vi.waitFor(async () => expect((await deliveriesOf(alertId))[0]!.state).toBe('delivered'));

    const security = await signIn(app, 'security@demo.example');
    const ofAlert = await app.inject({
      method: 'GET',
      url: `/api/notifications/deliveries?alertId=${alertId}`,
      headers: security.headers,
    });
    expect(ofAlert.statusCode, ofAlert.body).toBe(200);
    expect(ofAlert.json()).toMatchObject({
      total: 1,
      data: [
        {
          alertId,
          mode: 'help',
          moment: 'created',
          channel: 'email',
          recipient: 'Desk (E-mail)',
          address: 'desk@hospital.test',
          state: 'delivered',
          attempts: 1,
          lastError: null,
        },
      ],
    });
    expect(ofAlert.json().data[0].subject).toMatch(/^HELP alert/);
    const whole = await app.inject({
      method: 'GET',
      url: '/api/notifications/deliveries',
      headers: security.headers,
    });
    expect(whole.statusCode).toBe(403);

    const admin = await signIn(app, 'admin@demo.example');
    const log = await app.inject({
      method: 'GET',
      url: '/api/notifications/deliveries?state=delivered&limit=5',
      headers: admin.headers,
    });
    expect(log.statusCode, log.body).toBe(200);
    expect(log.json().data.length).toBeGreaterThan(0);
    // Nothing of one organisation is visible to another.
    const acme = await signIn(app, 'admin@acme.example', 'acme');
    const theirs = await app.inject({
      method: 'GET',
      url: `/api/notifications/deliveries?alertId=${alertId}`,
      headers: acme.headers,
    });
    expect(theirs.json()).toMatchObject({ total: 0, data: [] });
  });

  it('says since when a channel has been failing, and that it is healthy again once it delivers', async () => {
    await subscribe({ contactName: 'Desk', contactKind: 'email', contactAddress: 'desk@hospital.test' });
    smtp.setMode('reject-permanent');
    worker();
    const { headers } = await signIn(app, 'admin@demo.example');
    const health = async () =>
      (await app.inject({ method: 'GET', url: '/api/notifications/health', headers })).json() as {
        channels: { channel: string; failingSince: string | null; lastError: string | null }[];
      };
    const failing = await freshTag(app, 'ED Room 101');
    const failingAlert = await pressForAlert(app, failing);
    await vi.waitFor(async () => expect((await deliveriesOf(failingAlert))[0]!.state).toBe('failed'));
    const email = (await health()).channels.find((c) => c.channel === 'email')!;
    expect(email.failingSince).not.toBeNull();
    expect(email.lastError).toMatch(/SMTP 550/);

    smtp.setMode('ok');
    const fine = await freshTag(app, 'ED Room 101');
    await pressForAlert(app, fine);
    await smtp.waitFor((m) => m.text.includes(fine));
    await vi.waitFor(async () =>
      expect((await health()).channels.find((c) => c.channel === 'email')!.failingSince).toBeNull(),
    );
  });
});

describe('the sweeps: gateways gone quiet, the daily digest of flagged tags (issue 16)', () => {
  const mailOnce = async () => {
    while ((await fanOut(app.db)).triggers > 0);
    const channels = { email: channelFor('email', settings())! };
    await deliverDue({ db: app.db, secret: app.tokenSecret, publicBase: 'http://console.test', channels });
    await channels.email.close?.();
  };

  it('reports a deployed gateway silent for over two days once, to subscriptions of its subtree', async () => {
    await subscribe({
      contactName: 'Facilities',
      contactKind: 'email',
      contactAddress: 'facilities@hospital.test',
      moments: ['gatewaysDisconnected'],
    });
    const gatewayId = freshMac();
    const area = await zoneByName(app, 'ED Room 101');
    const lastSeen = new Date(Date.now() - 3 * 24 * 3600_000).toISOString();
    await app.db.insert(gateways).values({
      id: gatewayId,
      orgId,
      zoneId: area.id,
      config: { state: 'deployed', location: area.id },
      state: { updatedAt: lastSeen },
    });
    try {
      expect(await sweepDisconnectedGateways(app.db)).toBe(1);
      // Reported already: a second sweep (another instance's) writes nothing.
      expect(await sweepDisconnectedGateways(app.db)).toBe(0);
      await mailOnce();
      const mail = await smtp.waitFor((m) => m.text.includes(gatewayId));
      expect(mail.subject).toMatch(/^\d+ gateways? disconnected in North Tower$/);
      expect(mail.text).toMatch(new RegExp(`- ${gatewayId} at .*ED Room 101, last heard 3 d 0 h ago`));
    } finally {
      await app.db.delete(gateways).where(eq(gateways.id, gatewayId));
    }
  });

  it('writes one digest a day past its hour, listing the open flagged tags of the subtree', async () => {
    await subscribe({
      contactName: 'Tag room',
      contactKind: 'email',
      contactAddress: 'tags@hospital.test',
      moments: ['flaggedDigest'],
    });
    const flagged = await freshTag(app, 'ED Room 101', { owner: 'Fay Flagged' });
    await app.db
      .update(tags)
      .set({
        config: sql`${tags.config} || ${JSON.stringify({
          collection: { reason: 'highUrgency', urgency: 0, at: new Date().toISOString() },
        })}::jsonb` as never,
      })
      .where(eq(tags.id, flagged));
    // Yesterday's: its digest is due already.
    const morning = new Date(Date.now() - 24 * 3600_000);
    morning.setUTCHours(9, 0, 0, 0);
    const early = new Date(morning);
    early.setUTCHours(5);
    expect(await sweepFlaggedDigest(app.db, 7, early)).toBe(0);
    expect(await sweepFlaggedDigest(app.db, 7, morning)).toBe(1);
    expect(await sweepFlaggedDigest(app.db, 7, new Date(morning.getTime() + 3600_000))).toBe(0);
    await mailOnce();
    const mail = await smtp.waitFor((m) => m.text.includes(flagged));
    expect(mail.subject).toMatch(/^Daily digest: \d+ flagged tags? open in North Tower$/);
    expect(mail.text).toContain(
      `- ${flagged} (Fay Flagged) at Main Campus › North Tower › Floor 1 › Emergency Department › ED Room 101, urgency 0`,
    );
  });
});
