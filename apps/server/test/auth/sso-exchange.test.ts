import crypto from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { eq, sql } from 'drizzle-orm';
import type { Provisioning } from '@vigil/domain';
import { auditLog, authCodes, users, zones } from '../../src/db/schema';
import { finishSignIn, type VouchedIdentity } from '../../src/auth/sso-finish';
import { ACME_HEADERS, DEMO_HEADERS, getTestApp, unique } from '../helpers/app';

// Issue 17: the ending every single sign-on shares (sso-finish.ts) and POST /api/auth/exchange, the
// console's trade of the one-time code in /login?authCode=… for the session's tokens.

let app: FastifyInstance;
let demo: typeof zones.$inferSelect;

beforeAll(async () => {
  app = await getTestApp();
  [demo] = (await app.db.select().from(zones).where(eq(zones.slug, 'demo'))) as [typeof demo];
});

const vouched = (over: Partial<VouchedIdentity> = {}): VouchedIdentity => ({
  zone: demo,
  method: 'google',
  email: 'admin@demo.example',
  name: 'Dana Admin',
  provisioning: { mode: 'existing' },
  ...over,
});

/** A finished sign-in: the /login address, and the code in it. */
async function finished(over: Partial<VouchedIdentity> = {}) {
  const to = new URL(
    await finishSignIn(app.db, { requestId: unique('sso-') }, vouched(over)),
    'http://c.test',
  );
  return { to, code: to.searchParams.get('authCode') };
}

const exchange = (code: string, headers: Record<string, string> = DEMO_HEADERS) =>
  app.inject({ method: 'POST', url: '/api/auth/exchange', headers, payload: { code } });

const hash = (code: string) => crypto.createHash('sha256').update(code).digest('hex');

describe('finishSignIn (issue 17)', () => {
  it('sends the browser to /login with a one-time code, the organisation and a safe `after`', async () => {
    const { to, code } = await finished({ after: '/alerts?x=1' });
    expect(to.pathname).toBe('/login');
    expect(code).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(to.searchParams.get('authSlug')).toBe('demo');
    expect(to.searchParams.get('after')).toBe('/alerts?x=1');
    // Only the hash is kept.
    const [row] = await app.db
      .select()
      .from(authCodes)
      .where(eq(authCodes.codeHash, hash(code!)));
    expect(row).toMatchObject({ method: 'google', zoneId: demo.id, after: '/alerts?x=1', usedAt: null });
    expect(row!.expiresAt.getTime() - row!.createdAt.getTime()).toBeLessThanOrEqual(61_000);
  });

  it.each(['//evil.test/', '/\\evil.test', 'https://evil.test/', 'alerts'])(
    'drops the `after` %s',
    async (after) => {
      const { to, code } = await finished({ after });
      expect(code).toBeTruthy();
      expect(to.searchParams.has('after')).toBe(false);
    },
  );

  it('audits the sign-in and each refusal with the method and the reason', async () => {
    const requestId = unique('sso-audit-');
    await finishSignIn(app.db, { requestId }, vouched({ email: 'admin@acme.example' }));
    await finishSignIn(app.db, { requestId }, vouched({ email: `${unique('nobody')}@demo.example` }));
    await finishSignIn(app.db, { requestId }, vouched());
    const rows = await app.db.select().from(auditLog).where(eq(auditLog.requestId, requestId));
    expect(rows.map((r) => [r.action, (r.after as { reason?: string }).reason ?? null, r.orgId])).toEqual([
      ['refuse', 'zone', demo.id],
      ['refuse', 'invalid', demo.id],
      ['signIn', null, demo.id],
    ]);
  });

  it('refuses a user of another organisation with reason=zone, and nobody with authFail alone', async () => {
    const zone = await finished({ email: 'admin@acme.example' });
    expect(zone.code).toBeNull();
    expect(zone.to.searchParams.get('authFail')).toBe('1');
    expect(zone.to.searchParams.get('reason')).toBe('zone');
    const nobody = await finished({ email: `${unique('nobody')}@demo.example` });
    expect(nobody.code).toBeNull();
    expect(nobody.to.searchParams.get('authFail')).toBe('1');
    expect(nobody.to.searchParams.has('reason')).toBe(false);
  });

  it('signs in staff above the organisation (the root zone), as a password sign-in does', async () => {
    expect((await finished({ email: 'superadmin@vigil.example' })).code).toBeTruthy();
  });

  it('under provisioning create, makes one user even when two first sign-ins race', async () => {
    const email = `${unique('racer')}@demo.example`;
    const provisioning: Provisioning = { mode: 'create', role: 'security', location: [] };
    const both = await Promise.all([finished({ email, provisioning }), finished({ email, provisioning })]);
    expect(both.every((b) => b.code)).toBe(true);
    const made = await app.db
      .select()
      .from(users)
      .where(eq(sql`lower(${users.email})`, email));
    expect(made).toHaveLength(1);
  });

  it('never creates a user of another organisation: an e-mail taken elsewhere is a zone refusal', async () => {
    const provisioning: Provisioning = { mode: 'create', role: 'security', location: [] };
    const { to } = await finished({ email: 'ADMIN@acme.example', provisioning });
    expect(to.searchParams.get('reason')).toBe('zone');
  });
});

describe('POST /api/auth/exchange (issue 17)', () => {
  it('answers the token data of a new session once, then 401', async () => {
    const { code } = await finished();
    const res = await exchange(code!);
    expect(res.statusCode).toBe(200);
    const body = res.json() as { access: { token: string }; refresh: { token: string; expiresAt: string } };
    expect(Date.parse(body.refresh.expiresAt)).toBeGreaterThan(Date.now());
    const me = await app.inject({
      url: '/api/users/me',
      headers: { ...DEMO_HEADERS, authorization: `Bearer ${body.access.token}` },
    });
    expect(me.json()).toMatchObject({ userId: 'admin@demo.example' });
    // The refresh token is an ordinary one.
    const refreshed = await app.inject({
      url: '/api/auth/token',
      headers: { ...DEMO_HEADERS, authorization: `Bearer ${body.refresh.token}` },
    });
    expect(refreshed.statusCode).toBe(200);

    const again = await exchange(code!);
    expect(again.statusCode).toBe(401);
  });

  it('lets only one of two simultaneous exchanges of a code through', async () => {
    const { code } = await finished();
    const statuses = (await Promise.all([exchange(code!), exchange(code!)])).map((r) => r.statusCode).sort();
    expect(statuses).toEqual([200, 401]);
  });

  it('refuses a code at another organisation than the sign-in’s', async () => {
    const { code } = await finished();
    expect((await exchange(code!, ACME_HEADERS)).statusCode).toBe(401);
    // Refused there, it is not spent.
    expect((await exchange(code!)).statusCode).toBe(200);
  });

  it('refuses an expired code', async () => {
    const { code } = await finished();
    await app.db
      .update(authCodes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(authCodes.codeHash, hash(code!)));
    expect((await exchange(code!)).statusCode).toBe(401);
  });

  it('refuses an unknown code, and a mobile login code (not a sign-in’s)', async () => {
    expect((await exchange(crypto.randomBytes(32).toString('base64url'))).statusCode).toBe(401);
    const [admin] = await app.db.select().from(users).where(eq(users.email, 'admin@demo.example'));
    const mobile = crypto.randomBytes(32).toString('base64url');
    await app.db.insert(authCodes).values({
      codeHash: hash(mobile),
      userId: admin!.id,
      zoneId: demo.id,
      method: 'mobileQr',
      expiresAt: new Date(Date.now() + 60_000),
    });
    expect((await exchange(mobile)).statusCode).toBe(401);
  });

  it('answers 400 to a body that is not a code, and needs the slug header', async () => {
    expect((await exchange('short')).statusCode).toBe(400);
    const { code } = await finished();
    const bare = await app.inject({ method: 'POST', url: '/api/auth/exchange', payload: { code } });
    expect(bare.statusCode).toBe(400);
  });
});
