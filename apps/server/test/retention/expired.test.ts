import crypto from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import {
  auditLog,
  authCodes,
  loginFailures,
  refreshTokens,
  samlAssertions,
  sessions,
  signInRequests,
  users,
} from '../../src/db/schema';
import { runRetention } from '../../src/retention';
import { getTestApp, unique } from '../helpers/app';
import { retentionOrg } from './fixtures';

// Issue 19 Retention, and the brief's "prune what has its own short lifetime": sign-in state past
// its lifetime goes in the run over every organisation; what may still be used stays.

let app: FastifyInstance;
beforeAll(async () => {
  app = await getTestApp();
});

const HOUR = 3_600_000;
const ago = (ms: number) => new Date(Date.now() - ms);
const ahead = (ms: number) => new Date(Date.now() + ms);

describe('runRetention over every organisation: expired sign-in state (issue 19)', () => {
  it('deletes sign-in state past its lifetime, keeps what may still be used, and audits the counts', async () => {
    const org = await retentionOrg(app);
    const [user] = await app.db
      .insert(users)
      .values({ email: `${unique('exp')}@example.org`, name: 'Expiring', role: 'admin', zoneId: org.id })
      .returning({ id: users.id });
    const userId = user!.id;
    const state = (name: string) => `${name}-${crypto.randomUUID()}`;
    const rows = {
      requests: { gone: state('req'), kept: state('req') },
      assertions: { gone: state('as'), kept: state('as') },
      codes: { gone: state('code'), kept: state('code') },
    };
    await app.db.insert(signInRequests).values([
      { state: rows.requests.gone, zoneId: org.id, kind: 'saml', expiresAt: ago(HOUR) },
      { state: rows.requests.kept, zoneId: org.id, kind: 'saml', expiresAt: ahead(HOUR) },
    ]);
    await app.db.insert(samlAssertions).values([
      { zoneId: org.id, assertionId: rows.assertions.gone, expiresAt: ago(HOUR) },
      { zoneId: org.id, assertionId: rows.assertions.kept, expiresAt: ahead(HOUR) },
    ]);
    await app.db.insert(authCodes).values([
      { codeHash: rows.codes.gone, userId, zoneId: org.id, method: 'saml', expiresAt: ago(HOUR) },
      { codeHash: rows.codes.kept, userId, zoneId: org.id, method: 'saml', expiresAt: ahead(HOUR) },
    ]);
    const account = `${unique('acct')}@example.org`;
    await app.db.insert(loginFailures).values([
      { account, client: 'a', at: ago(25 * HOUR) },
      { account, client: 'b', at: ago(HOUR) },
    ]);
    // Sessions: revoked two days ago; three days old with its only refresh token expired two days
    // ago; three days old with a live refresh token; revoked an hour ago.
    const session = async (createdAt: Date, revokedAt: Date | null, tokenExpiresAt: Date) => {
      const [s] = await app.db
        .insert(sessions)
        .values({ userId, createdAt, revokedAt })
        .returning({ id: sessions.id });
      const [t] = await app.db
        .insert(refreshTokens)
        .values({ sessionId: s!.id, tokenHash: crypto.randomUUID(), expiresAt: tokenExpiresAt, createdAt })
        .returning({ id: refreshTokens.id });
      return { session: s!.id, token: t!.id };
    };
    const revokedLongAgo = await session(ago(72 * HOUR), ago(48 * HOUR), ahead(HOUR));
    const expiredLongAgo = await session(ago(72 * HOUR), null, ago(48 * HOUR));
    const live = await session(ago(72 * HOUR), null, ahead(24 * HOUR));
    const revokedJustNow = await session(ago(72 * HOUR), ago(HOUR), ahead(HOUR));

    const dry = await runRetention(app.db, { dryRun: true });
    expect(dry.expired.sign_in_requests).toBeGreaterThanOrEqual(1);

    const report = await runRetention(app.db);
    expect(report.complete).toBe(true);
    for (const table of [
      'sign_in_requests',
      'saml_assertions',
      'auth_codes',
      'login_failures',
      'refresh_tokens',
      'sessions',
    ])
      expect(report.expired[table], table).toBeGreaterThanOrEqual(1);

    const has = async (table: string, where: ReturnType<typeof sql>) =>
      (
        (await app.db.execute(
          sql`select count(*)::int as n from ${sql.raw(table)} where ${where}`,
        )) as unknown as {
          rows: { n: number }[];
        }
      ).rows[0]!.n;
    expect(await has('sign_in_requests', sql`state = ${rows.requests.gone}`)).toBe(0);
    expect(await has('sign_in_requests', sql`state = ${rows.requests.kept}`)).toBe(1);
    expect(await has('saml_assertions', sql`assertion_id = ${rows.assertions.gone}`)).toBe(0);
    expect(await has('saml_assertions', sql`assertion_id = ${rows.assertions.kept}`)).toBe(1);
    expect(await has('auth_codes', sql`code_hash = ${rows.codes.gone}`)).toBe(0);
    expect(await has('auth_codes', sql`code_hash = ${rows.codes.kept}`)).toBe(1);
    expect(await has('login_failures', sql`account = ${account} and client = 'a'`)).toBe(0);
    expect(await has('login_failures', sql`account = ${account} and client = 'b'`)).toBe(1);
    const left = await app.db.select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, userId));
    expect(left.map((s) => s.id).sort()).toEqual([live.session, revokedJustNow.session].sort());
    const tokens = await app.db
      .select({ id: refreshTokens.id })
      .from(refreshTokens)
      .where(
        sql`${refreshTokens.id} in (${sql.join(
          [revokedLongAgo, expiredLongAgo, live, revokedJustNow].map((s) => sql`${s.token}::uuid`),
          sql`, `,
        )})`,
      );
    expect(tokens.map((t) => t.id).sort()).toEqual([live.token, revokedJustNow.token].sort());

    const [audit] = await app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.requestId, report.requestId), isNull(auditLog.orgId)));
    expect(audit).toMatchObject({
      actor: 'system',
      entity: 'retention',
      entityId: 'expired',
      action: 'delete',
    });
    expect(audit!.after).toEqual(report.expired);
  });
});
