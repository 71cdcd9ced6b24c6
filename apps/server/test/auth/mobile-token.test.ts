import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { eq, sql } from 'drizzle-orm';
import { MOBILE_QR_TTL_MS, type MobileToken, type TokenData } from '@vigil/domain';
import { auditLog, authCodes, zones } from '../../src/db/schema';
import { sha256 } from '../../src/platform/crypto';
import { ACME_HEADERS, DEMO_HEADERS, getTestApp, keyHeaders, signIn } from '../helpers/app';

// SPEC §2.6, §7 mobile QR login (issue 17): POST /api/auth/mobile-token issues a one-time token valid
// 60 s; GET /api/auth/token redeems it once for a session of its own.

let app: FastifyInstance;
type ZoneRow = typeof zones.$inferSelect;
let demo: ZoneRow;
let admin: Record<string, string>;

/** Sets (true, false) or removes (undefined) the Demo organisation's showProtectAppQrLogin flag. */
async function setQrFlag(on: boolean | undefined) {
  const { showProtectAppQrLogin: _, ...others } = (demo.config.featureFlags ?? {}) as Record<string, boolean>;
  const featureFlags = on === undefined ? others : { ...others, showProtectAppQrLogin: on };
  await app.db
    .update(zones)
    .set({ config: { ...demo.config, featureFlags } })
    .where(eq(zones.id, demo.id));
}

const issue = (headers: Record<string, string>) =>
  app.inject({ method: 'POST', url: '/api/auth/mobile-token', headers });
const redeem = (token: string, headers: Record<string, string> = DEMO_HEADERS) =>
  app.inject({ url: '/api/auth/token', headers: { ...headers, authorization: `Bearer ${token}` } });

async function issued(headers = admin): Promise<MobileToken> {
  const res = await issue(headers);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as MobileToken;
}

beforeAll(async () => {
  app = await getTestApp();
  [demo] = (await app.db.select().from(zones).where(eq(zones.slug, 'demo'))) as [ZoneRow];
  await setQrFlag(true);
  admin = (await signIn(app, 'admin@demo.example')).headers;
});

afterAll(async () => {
  await app.db.update(zones).set({ config: demo.config }).where(eq(zones.id, demo.id));
});

describe('POST /api/auth/mobile-token (SPEC §2.6, §7)', () => {
  it('answers a one-time token valid 60 s, stored only as its hash', async () => {
    const before = Date.now();
    const body = await issued();
    expect(body.token).toMatch(/^mqr\.[A-Za-z0-9_-]{43}$/);
    const lifetime = Date.parse(body.expiresAt) - before;
    expect(lifetime).toBeGreaterThanOrEqual(MOBILE_QR_TTL_MS);
    expect(lifetime).toBeLessThan(MOBILE_QR_TTL_MS + 5_000);
    expect(body.url).toBeUndefined();
    const [row] = await app.db
      .select()
      .from(authCodes)
      .where(eq(authCodes.codeHash, sha256(body.token)));
    expect(row).toMatchObject({ method: 'mobileQr', zoneId: demo.id, usedAt: null });
    const stored = await app.database.sql.query<{ n: number }>(
      `select count(*)::int as n from auth_codes where code_hash = $1`,
      [body.token],
    );
    expect(stored.rows[0]!.n).toBe(0);
  });

  it('answers the server’s PUBLIC_URL when one is set, without a trailing slash', async () => {
    const was = app.config.publicUrl;
    app.config.publicUrl = 'https://vigil.example/';
    try {
      expect((await issued()).url).toBe('https://vigil.example');
    } finally {
      app.config.publicUrl = was;
    }
  });

  it('audits the issuing, never the token', async () => {
    const { token, expiresAt } = await issued();
    const [row] = await app.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'mobileQrCode'))
      .orderBy(sql`${auditLog.id} desc`)
      .limit(1);
    expect(row).toMatchObject({ entity: 'user', orgId: demo.id, after: { expiresAt } });
    expect(JSON.stringify(row)).not.toContain(token.slice(4));
  });

  it('refuses with 403 while the zone’s showProtectAppQrLogin flag is off', async () => {
    await setQrFlag(false);
    try {
      const res = await issue(admin);
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe('feature_off');
    } finally {
      await setQrFlag(true);
    }
  });

  it('refuses with 403 a user who may not update alerts', async () => {
    const { headers } = await signIn(app, 'noaccess@demo.example');
    const res = await issue(headers);
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('forbidden');
  });

  it('refuses with 403 an API key, which has no user to sign in as', async () => {
    // The demo key's role (security) may update alerts: only the kind of caller is refused.
    const res = await issue(keyHeaders());
    expect(res.statusCode).toBe(403);
    expect(res.json().reason).toBe('Only a signed-in user can sign in on the mobile app');
  });

  it('refuses with 401 a caller without credentials', async () => {
    expect((await issue({ ...DEMO_HEADERS })).statusCode).toBe(401);
  });
});

describe('GET /api/auth/token with a mobile login token', () => {
  it('answers a session of its own once, then 401', async () => {
    const { token } = await issued();
    const first = await redeem(token);
    expect(first.statusCode, first.body).toBe(200);
    const tokens = first.json() as TokenData;
    const me = await app.inject({
      url: '/api/users/me',
      headers: { ...DEMO_HEADERS, authorization: `Bearer ${tokens.access.token}` },
    });
    expect(me.json()).toMatchObject({ userId: 'admin@demo.example', kind: 'user' });

    const second = await redeem(token);
    expect(second.statusCode).toBe(401);
    expect(second.json().reason).toBe('Mobile login code invalid, expired or already used');

    // The phone's session rotates its refresh token like every other session.
    const rotated = await redeem(tokens.refresh.token);
    expect(rotated.statusCode).toBe(200);
    expect((rotated.json() as TokenData).refresh.token).not.toBe(tokens.refresh.token);
  });

  it('audits the sign-in with its method', async () => {
    const { token } = await issued();
    expect((await redeem(token)).statusCode).toBe(200);
    const [row] = await app.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'signIn'))
      .orderBy(sql`${auditLog.id} desc`)
      .limit(1);
    expect(row).toMatchObject({ entity: 'user', orgId: demo.id, after: { method: 'mobileQr' } });
  });

  it('answers one of two redemptions at the same moment', async () => {
    const { token } = await issued();
    const answers = await Promise.all([redeem(token), redeem(token)]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 401]);
  });

  it('refuses a token past its 60 s with 401', async () => {
    const { token } = await issued();
    await app.db
      .update(authCodes)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(authCodes.codeHash, sha256(token)));
    expect((await redeem(token)).statusCode).toBe(401);
  });

  it('refuses with 401 a token presented at another organisation', async () => {
    const { token } = await issued();
    expect((await redeem(token, ACME_HEADERS)).statusCode).toBe(401);
    // Still unused: the right organisation may redeem it.
    expect((await redeem(token)).statusCode).toBe(200);
  });

  it('refuses a made-up mobile token with 401', async () => {
    expect((await redeem(`mqr.${'A'.repeat(43)}`)).statusCode).toBe(401);
  });

  it('leaves a password sign-in’s refresh token as it was: rotated, the previous one valid 30 s', async () => {
    const { refresh } = await signIn(app, 'admin@demo.example');
    const a = await redeem(refresh);
    const b = await redeem(refresh);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
  });
});
