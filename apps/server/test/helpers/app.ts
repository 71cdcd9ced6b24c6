import { asc, eq } from 'drizzle-orm';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app';
import { zones } from '../../src/db/schema';
import { loadConfig, type Config } from '../../src/platform/config';
import { openDatabase, type Database } from '../../src/platform/db/client';
import { DEMO_API_KEY, DEMO_PASSWORD, seedDemo } from '../../src/db/seed';

/**
 * One database per test run (ARCHITECTURE §8: PGlite start-up costs seconds): in-memory PGlite,
 * or a fresh PostgreSQL database when DATABASE_URL is set. Tests run in one worker without
 * isolation (vitest.config.ts), so every file shares this instance.
 */
let shared: Promise<{ app: FastifyInstance; database: Database; config: Config }> | undefined;

export function testConfig(overrides: Partial<Config> = {}): Config {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vigil-test-'));
  return { ...loadConfig({}), dataDir, consoleDir: undefined, seedDemo: true, ...overrides };
}

export async function getTestApp(): Promise<FastifyInstance> {
  shared ??= (async () => {
    const config = testConfig();
    const database = await openDatabase({ databaseUrl: process.env.DATABASE_URL, dataDir: ':memory:' });
    await seedDemo(database.db);
    const app = await buildApp(config, {
      database,
      ownsDatabase: true,
      logger: false,
      jobs: false,
      // The notification tests run their own workers, with the channels they test (test/notifications).
      notifications: false,
    });
    await app.ready();
    return { app, database, config };
  })();
  return (await shared).app;
}

export const DEMO_HEADERS = { slug: 'demo', domain: 'localhost' } as const;
export const ACME_HEADERS = { slug: 'acme', domain: 'localhost' } as const;

/** Signs in with a password (the demo one unless given) and answers the request headers of that session. */
export async function signIn(
  app: FastifyInstance,
  email: string,
  slug = 'demo',
  password = DEMO_PASSWORD,
): Promise<{ headers: Record<string, string>; refresh: string; access: string }> {
  const res = await app.inject({
    method: 'POST',
    url: `/api/auth/password/${slug}`,
    headers: { slug, domain: 'localhost' },
    payload: { username: email, password },
  });
  if (res.statusCode !== 200) throw new Error(`sign-in of ${email} failed: ${res.statusCode} ${res.body}`);
  const body = res.json() as { access: { token: string }; refresh: { token: string } };
  return {
    headers: { slug, domain: 'localhost', authorization: `Bearer ${body.access.token}` },
    refresh: body.refresh.token,
    access: body.access.token,
  };
}

export function keyHeaders(key = DEMO_API_KEY, slug = 'demo'): Record<string, string> {
  return { slug, domain: 'localhost', authorization: `Basic ${Buffer.from(`${key}:`).toString('base64')}` };
}

/** A name no other test row carries (tests share one database). */
export function unique(prefix: string): string {
  return `${prefix}${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
}

/**
 * The id of the seeded zone with this name (the seed's names are unique). Tests may make zones of
 * the same name in organisations of their own (e.g. a 'Floor 1'): the seeded one is the oldest.
 */
export async function zoneIdByName(app: FastifyInstance, name: string): Promise<string> {
  const [zone] = await app.db
    .select({ id: zones.id })
    .from(zones)
    .where(eq(zones.name, name))
    .orderBy(asc(zones.createdAt), asc(zones.id))
    .limit(1);
  if (!zone) throw new Error(`no zone named ${name}`);
  return zone.id;
}
