import fs from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { DEMO_GATEWAY_KEY } from '../../src/db/seed';
import { DEVICE_API_DOC } from '../../src/ingest/device-api-doc';
import { positionsOf } from '../../src/sightings';
import { getTestApp } from '../helpers/app';
import { gatewayAuth } from '../helpers/alerts';
import { orgIdOf } from './helpers';

let app: FastifyInstance;
beforeAll(async () => {
  app = await getTestApp();
});

describe('docs/DEVICE-API.md "POST /api/ingest/sightings" (issue 20)', () => {
  it('holds a copy-and-run curl that places two demo tags at a demo gateway', async () => {
    const doc = fs.readFileSync(DEVICE_API_DOC, 'utf8');
    const curl = [...doc.matchAll(/```sh\n([\s\S]*?)```/g)]
      .map((m) => m[1]!)
      .find((b) => b.includes('sightings'))!;
    expect(curl).toMatch(/^curl /);
    expect(curl).toContain(`-u '${DEMO_GATEWAY_KEY}:'`);
    expect(curl).toContain('http://127.0.0.1:8080/api/ingest/sightings');
    // What the shell makes of it: the batch id and the times filled in by `date`.
    const now = new Date();
    const body = curl
      .match(/-d '(.*)' http/)![1]!
      .replaceAll(`'"$(date +%s)"'`, String(Math.floor(now.getTime() / 1000)))
      .replaceAll(`'"$(date -u +%FT%TZ)"'`, now.toISOString().replace(/\.\d+Z$/, 'Z'));
    const payload = JSON.parse(body) as { gateway: string; sightings: { tag: string }[] };
    const res = await app.inject({
      method: 'POST',
      url: '/api/ingest/sightings',
      headers: gatewayAuth(),
      payload,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ accepted: 2, unknownTags: 0, duplicate: false });
    const tags = payload.sightings.map((s) => s.tag);
    const positions = await positionsOf(app.db, await orgIdOf(app, 'demo'), tags);
    expect(positions).toHaveLength(2);
    expect(doc).toContain('{ "accepted": 2, "moved": 2, "unknownTags": 0, "duplicate": false }');
  });
});
