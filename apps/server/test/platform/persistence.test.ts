import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app';
import { openDatabase } from '../../src/platform/db/client';
import { seedDemo } from '../../src/db/seed';
import { signIn, testConfig } from '../helpers/app';
import { orgBySlugCache } from '../../src/platform/organisations';
import { roleAbilityCache } from '../../src/auth/resolve-caller';

describe('persistence across a restart with the same DATA_DIR', () => {
  // The caches are per process and this test opens a second database: without clearing them, its
  // 'demo' organisation and the shared test database's would stand in for each other for 5 s.
  const clearCaches = () => {
    orgBySlugCache.delete();
    roleAbilityCache.delete();
  };
  beforeEach(clearCaches);
  afterEach(clearCaches);

  it('keeps a zone, a session and the token secret', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vigil-restart-'));
    const config = testConfig({ dataDir });
    const open = () => openDatabase({ databaseUrl: process.env.DATABASE_URL, dataDir });

    const first = await buildApp(config, {
      database: await open(),
      ownsDatabase: true,
      logger: false,
      jobs: false,
    });
    await seedDemo(first.db);
    const { headers } = await signIn(first, 'admin@demo.example');
    const floors = (await first.inject({ url: '/api/zones?level=floor', headers })).json();
    const created = await first.inject({
      method: 'POST',
      url: '/api/zones',
      headers,
      payload: { name: 'Survives Restart', level: 'unit', parent: floors.data[0].id },
    });
    expect(created.statusCode).toBe(200);
    await first.close();

    const second = await buildApp(config, {
      database: await open(),
      ownsDatabase: true,
      logger: false,
      jobs: false,
    });
    try {
      // The access token issued before the restart is still valid: the secret lives in the database.
      const res = await second.inject({ url: `/api/zones/${created.json().id}`, headers });
      expect(res.statusCode).toBe(200);
      expect(res.json().name).toBe('Survives Restart');
      await seedDemo(second.db); // a second seed is a no-op
      const orgs = await second.inject({ url: '/api/zones?level=org', headers });
      expect(orgs.json().total).toBe(1);
    } finally {
      await second.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
