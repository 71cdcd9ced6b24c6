import crypto from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { and, eq } from 'drizzle-orm';
import {
  ALERT_LINK_MAX_AGE_MS,
  ALERT_LINK_MESSAGES,
  ALERT_LINK_RATE_LIMIT,
  ALERT_LINK_TOKEN_RE,
} from '@vigil/domain';
import { alertLinks, alerts, auditLog } from '../../src/db/schema';
import type { Db } from '../../src/platform/db/client';
import { sha256 } from '../../src/platform/crypto';
import { alertLinkToken, ensureAlertLink, findAlertLink } from '../../src/notifications/alert-links';
import { getTestApp, signIn, unique } from '../helpers/app';
import { freshTag, pressForAlert } from '../helpers/alerts';

// Issue 16 "Alert links": /api/link/a/{token} shows one alert to its recipient without signing in,
// acknowledges it in their name, and refuses wrong, expired and revoked tokens; wrong ones are
// rate-limited per client address.

let app: FastifyInstance;
let security: Record<string, string>;
let admin: Record<string, string>;
let acme: Record<string, string>;
let noAccess: Record<string, string>;

beforeAll(async () => {
  app = await getTestApp();
  security = (await signIn(app, 'security@demo.example')).headers;
  admin = (await signIn(app, 'admin@demo.example')).headers;
  acme = (await signIn(app, 'admin@acme.example', 'acme')).headers;
  noAccess = (await signIn(app, 'noaccess@demo.example')).headers;
});

/** Each test asks from its own address, so the misses of one never rate-limit another. */
let lastAddress = 0;
const freshAddress = () => `10.16.${Math.floor(++lastAddress / 250)}.${(lastAddress % 250) + 1}`;

const view = (token: string, remoteAddress = freshAddress()) =>
  app.inject({ url: `/api/link/a/${token}`, remoteAddress });
const acknowledge = (token: string, remoteAddress = freshAddress()) =>
  app.inject({ method: 'POST', url: `/api/link/a/${token}/acknowledge`, remoteAddress });
const revoke = (alertId: string, headers = admin) =>
  app.inject({ method: 'POST', url: `/api/alerts/${alertId}/links/revoke`, headers });

async function orgOf(alertId: string): Promise<string> {
  const [row] = await app.db.select({ orgId: alerts.orgId }).from(alerts).where(eq(alerts.id, alertId));
  return row!.orgId;
}

/** A help alert pressed through the ingest API by a fresh tag in `zone`, with this owner. */
async function pressedAlert(zone = 'Room 201', owner = unique('Robin ')) {
  const tag = await freshTag(app, zone, { owner });
  return { alertId: await pressForAlert(app, tag), tag, owner };
}

/** The link of an alert for a new subscription, as the delivery code makes it. */
async function linkOf(alertId: string, recipient = unique('Jane ')) {
  const subscriptionId = crypto.randomUUID();
  const link = await ensureAlertLink(app.db, {
    orgId: await orgOf(alertId),
    alertId,
    subscriptionId,
    recipient,
    secret: app.tokenSecret,
    createdAt: new Date(),
  });
  return { ...link, subscriptionId, recipient };
}

const rowOf = async (token: string) =>
  (
    await app.db
      .select()
      .from(alertLinks)
      .where(eq(alertLinks.tokenHash, sha256(token)))
  )[0]!;

describe('alert link tokens', () => {
  it('derives one token per (alert, subscription), stores only its hash and keeps the row', async () => {
    const { alertId } = await pressedAlert();
    const subscriptionId = crypto.randomUUID();
    const token = alertLinkToken(app.tokenSecret, alertId, subscriptionId);
    expect(token).toMatch(ALERT_LINK_TOKEN_RE);
    expect(alertLinkToken(app.tokenSecret, alertId, subscriptionId)).toBe(token);
    expect(alertLinkToken(app.tokenSecret, alertId, crypto.randomUUID())).not.toBe(token);
    expect(alertLinkToken('another secret', alertId, subscriptionId)).not.toBe(token);
    expect(alertLinkToken(app.tokenSecret, alertId, null)).toMatch(ALERT_LINK_TOKEN_RE);

    const input = {
      orgId: await orgOf(alertId),
      alertId,
      subscriptionId,
      recipient: 'Jane Doe (e-mail)',
      secret: app.tokenSecret,
      createdAt: new Date('2026-06-01T10:00:00Z'),
    };
    const first = await ensureAlertLink(app.db, input);
    expect(first).toEqual({
      token,
      path: `/link/a/${token}`,
      expiresAt: new Date(input.createdAt.getTime() + ALERT_LINK_MAX_AGE_MS),
    });
    // A retry, later, for someone renamed: the same link, its row unchanged.
    const again = await ensureAlertLink(app.db, { ...input, recipient: 'Other', createdAt: new Date() });
    expect(again).toEqual(first);
    const rows = await app.db.select().from(alertLinks).where(eq(alertLinks.alertId, alertId));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ tokenHash: sha256(token), recipient: 'Jane Doe (e-mail)' });
    expect(JSON.stringify(rows)).not.toContain(token);
    expect((await findAlertLink(app.db, token))?.id).toBe(rows[0]!.id);

    // A test message's link (no subscription) is kept once too.
    const test = { ...input, subscriptionId: null };
    expect(await ensureAlertLink(app.db, test)).toEqual(await ensureAlertLink(app.db, test));
  });

  it('never asks the database about a malformed token', async () => {
    const untouchable = new Proxy({} as Db, {
      get: () => {
        throw new Error('the database was asked');
      },
    });
    for (const token of ['short', `${'a'.repeat(42)}!`, 'a'.repeat(44)]) {
      expect(await findAlertLink(untouchable, token)).toBeUndefined();
    }
  });
});

describe('GET /api/link/a/:token', () => {
  it('shows the alert to its recipient without signing in: what, where, who, since when', async () => {
    const { alertId, tag, owner } = await pressedAlert('Room 201');
    const link = await linkOf(alertId, 'Jane Doe (e-mail)');

    const res = await view(link.token);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const [row] = await app.db.select().from(alerts).where(eq(alerts.id, alertId));
    expect(res.json()).toEqual({
      recipient: 'Jane Doe (e-mail)',
      alert: {
        id: alertId,
        mode: 'help',
        state: row!.state,
        person: owner,
        tag: `Badge ${tag.slice(-4)}`,
        location: 'Main Campus › North Tower › Floor 2 › Ward 3 › Room 201',
        floor: 'Floor 2',
        unit: 'Ward 3',
        createdAt: row!.createdAt.toISOString(),
        acknowledged: false,
        acknowledgedAt: null,
        acknowledgedBy: null,
        closedAt: null,
      },
      expiresAt: link.expiresAt.toISOString(),
    });
    expect((await rowOf(link.token)).usedAt).not.toBeNull();
  });

  it('answers 404 "not valid" to a wrong or malformed token', async () => {
    for (const token of [crypto.randomBytes(32).toString('base64url'), 'unknown', 'x'.repeat(500)]) {
      const res = await view(token);
      expect(res.statusCode).toBe(404);
      expect(res.json().reason).toBe(ALERT_LINK_MESSAGES.invalid);
    }
  });

  it('answers 410 "expired" once the link is past its time, or its alert is closed', async () => {
    const old = await linkOf((await pressedAlert()).alertId);
    await app.db
      .update(alertLinks)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(alertLinks.tokenHash, sha256(old.token)));
    for (const res of [await view(old.token), await acknowledge(old.token)]) {
      expect(res.statusCode).toBe(410);
      expect(res.json().reason).toBe(ALERT_LINK_MESSAGES.expired);
    }

    const { alertId } = await pressedAlert();
    const link = await linkOf(alertId);
    expect((await view(link.token)).statusCode).toBe(200);
    const closed = await app.inject({
      method: 'PUT',
      url: `/api/alerts/${alertId}`,
      headers: security,
      payload: { reasonCode: 'ignored_false_alarm' },
    });
    expect(closed.statusCode).toBe(200);
    for (const res of [await view(link.token), await acknowledge(link.token)]) {
      expect(res.statusCode).toBe(410);
      expect(res.json().reason).toBe(ALERT_LINK_MESSAGES.expired);
    }
  });

  it("with another alert's token shows that alert, never this one", async () => {
    const mine = await pressedAlert();
    const other = await pressedAlert('ED Room 101');
    await linkOf(mine.alertId);
    const otherLink = await linkOf(other.alertId);

    expect((await view(otherLink.token)).json().alert.id).toBe(other.alertId);
    const res = await acknowledge(otherLink.token);
    expect(res.json().alert).toMatchObject({ id: other.alertId, acknowledged: true });
    const [row] = await app.db.select().from(alerts).where(eq(alerts.id, mine.alertId));
    expect(row!.acknowledgedAt).toBeNull();
  });
});

describe('POST /api/link/a/:token/acknowledge', () => {
  it("acknowledges in the recipient's name: history, alert detail and audit show them", async () => {
    const { alertId } = await pressedAlert();
    const link = await linkOf(alertId, 'Jane Doe (e-mail)');
    const linkId = (await rowOf(link.token)).id;
    const by = { id: `link:${linkId}`, name: 'Jane Doe (e-mail) (alert link)' };

    const res = await acknowledge(link.token);
    expect(res.statusCode).toBe(200);
    const first = res.json();
    expect(first).toMatchObject({
      recipient: 'Jane Doe (e-mail)',
      alert: { id: alertId, acknowledged: true, acknowledgedBy: by },
    });
    expect(Date.parse(first.alert.acknowledgedAt)).toBeGreaterThan(Date.now() - 60_000);

    const detail = await app.inject({ url: `/api/alerts/${alertId}`, headers: security });
    expect(detail.json()).toMatchObject({ acknowledged: true, acknowledgedBy: by });
    expect(detail.json().history).toContainEqual(
      expect.objectContaining({ action: 'acknowledged', actor: by }),
    );
    const audits = await app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'alert'), eq(auditLog.entityId, alertId)));
    expect(audits.map((a) => [a.action, a.actor])).toEqual([['acknowledge', by.id]]);

    // Again: nothing changes, the first acknowledgement is kept.
    const again = await acknowledge(link.token);
    expect(again.statusCode).toBe(200);
    expect(again.json().alert).toEqual(first.alert);
    expect((await view(link.token)).json().alert.acknowledgedBy).toEqual(by);
  });

  it('keeps the acknowledger who came first', async () => {
    const { alertId } = await pressedAlert();
    const link = await linkOf(alertId);
    await app.inject({
      method: 'PUT',
      url: `/api/alerts/${alertId}`,
      headers: security,
      payload: { acknowledged: true },
    });
    const res = await acknowledge(link.token);
    expect(res.statusCode).toBe(200);
    expect(res.json().alert.acknowledgedBy).toMatchObject({ name: 'Sam Security' });
  });
});

describe('POST /api/alerts/:id/links/revoke', () => {
  it('revokes every link of the alert: each then answers 404, and stays revoked', async () => {
    const { alertId } = await pressedAlert();
    const [a, b] = [await linkOf(alertId), await linkOf(alertId)];
    const otherAlert = await linkOf((await pressedAlert()).alertId);

    const res = await revoke(alertId);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ revoked: 2 });
    for (const token of [a.token, b.token]) {
      const refused = await view(token);
      expect(refused.statusCode).toBe(404);
      expect(refused.json().reason).toBe(ALERT_LINK_MESSAGES.invalid);
      expect((await acknowledge(token)).statusCode).toBe(404);
    }
    expect((await view(otherAlert.token)).statusCode).toBe(200);
    expect((await revoke(alertId)).json()).toEqual({ revoked: 0 });

    // A later delivery for the same subscription brings back no live link.
    await ensureAlertLink(app.db, {
      orgId: await orgOf(alertId),
      alertId,
      subscriptionId: a.subscriptionId,
      recipient: a.recipient,
      secret: app.tokenSecret,
      createdAt: new Date(),
    });
    expect((await view(a.token)).statusCode).toBe(404);

    const audits = await app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, alertId), eq(auditLog.action, 'revokeLinks')));
    expect(audits).toHaveLength(1);
  });

  it('needs update Alert and the alert in scope', async () => {
    const { alertId } = await pressedAlert();
    const link = await linkOf(alertId);
    expect((await revoke(alertId, noAccess)).statusCode).toBe(403);
    expect((await revoke(alertId, acme)).statusCode).toBe(404);
    expect((await revoke('not-an-id')).statusCode).toBe(404);
    expect((await view(link.token)).statusCode).toBe(200);
  });
});

describe('rate limit', () => {
  it(`stops an address after ${ALERT_LINK_RATE_LIMIT} wrong tokens a minute, right ones too`, async () => {
    const link = await linkOf((await pressedAlert()).alertId);
    const guesser = freshAddress();
    // A recipient opening their page again and again is never slowed down.
    for (let i = 0; i < ALERT_LINK_RATE_LIMIT + 5; i++)
      expect((await view(link.token, guesser)).statusCode).toBe(200);

    for (let i = 0; i < ALERT_LINK_RATE_LIMIT; i++) {
      const wrong = crypto.randomBytes(32).toString('base64url');
      expect((await view(wrong, guesser)).statusCode).toBe(404);
    }
    const refused = await view(crypto.randomBytes(32).toString('base64url'), guesser);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().reason).toBe(ALERT_LINK_MESSAGES.tooMany);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await view(link.token, guesser)).statusCode).toBe(429);
    expect((await acknowledge(link.token, guesser)).statusCode).toBe(429);

    // Another address is not held back.
    expect((await view(link.token)).statusCode).toBe(200);
  });
});
