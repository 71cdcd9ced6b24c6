import fs from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { alerts } from '../../src/db/schema';
import { DEMO_GATEWAY_KEY, DEMO_TAG_IDS } from '../../src/db/seed';
import { DEVICE_API_DOC, renderDeviceApiDoc } from '../../src/ingest/device-api-doc';
import { getTestApp } from '../helpers/app';
import { gatewayAuth } from '../helpers/alerts';

let app: FastifyInstance;
beforeAll(async () => {
  app = await getTestApp();
});

describe('docs/DEVICE-API.md', () => {
  const doc = fs.readFileSync(DEVICE_API_DOC, 'utf8');

  it('holds the press-pattern table and reason catalogue of the domain (npm run docs:device-api)', async () => {
    expect(doc).toBe(await renderDeviceApiDoc());
  });

  it('opens with a copy-and-run curl that makes one help alert from a seeded demo tag', async () => {
    const blocks = [...doc.matchAll(/```\w*\n([\s\S]*?)```/g)].map((m) => m[1]!);
    const curl = blocks
      .find((b) => b.includes('button-events'))!
      .replace(/\\\n\s*/g, ' ')
      .trim();
    expect(curl).toMatch(/^curl /);
    expect(curl).toContain(`-u '${DEMO_GATEWAY_KEY}:'`);
    expect(curl).toContain(`-H 'content-type: application/json'`);
    const body = /-d '([^']+)'/.exec(curl)![1]!;
    const url = new URL(/(http:\/\/localhost:8080\S+)/.exec(curl)![1]!);
    expect(url.pathname).toBe('/api/ingest/button-events');

    const res = await app.inject({
      method: 'POST',
      url: url.pathname,
      headers: { ...gatewayAuth(DEMO_GATEWAY_KEY), 'content-type': 'application/json' },
      payload: body,
    });
    expect(res.statusCode).toBe(200);
    const [result] = res.json().results;
    expect(['created', 'duplicate']).toContain(result.status); // duplicate when run twice on one database
    const [alert] = await app.db.select().from(alerts).where(eq(alerts.id, result.alertId));
    expect(DEMO_TAG_IDS).toContain(alert!.tagId);
    expect(alert).toMatchObject({ mode: 'help', state: 'notified' });
  });
});
