import pg from 'pg';
import { beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { eq, sql } from 'drizzle-orm';
import { eventsForPattern } from '@vigil/domain';
import { tags } from '../../src/db/schema';
import { authenticateGatewayKey } from '../../src/ingest/gateway-keys';
import { writePosts } from '../../src/ingest/write-posts';
import { LAST_SEEN_GRAIN_MS } from '../../src/ingest/write-batch';
import { getTestApp, signIn, unique } from '../helpers/app';
import { DEMO_GATEWAY, freshTag, gatewayAuth, press } from '../helpers/alerts';

/**
 * SPEC §3 Tag state.updatedAt, the tag's last seen: every new button event naming a tag is a
 * sighting of it, written by ingest with the button event itself, at most once a grain a tag.
 */
let app: FastifyInstance;
let admin: Record<string, string>;
beforeAll(async () => {
  app = await getTestApp();
  admin = (await signIn(app, 'admin@demo.example')).headers;
});

/** state.updatedAt as GET /api/tags/{id} answers it. */
async function lastSeenOf(id: string, headers = admin): Promise<string | undefined> {
  const res = await app.inject({ url: `/api/tags/${id}`, headers });
  expect(res.statusCode).toBe(200);
  return res.json().state.updatedAt;
}

/** A button event of `tag` written in its own transaction, as a batch that started at `now`. */
async function writeAt(tag: string, now: Date, nonce = unique('n')) {
  const key = await authenticateGatewayKey(app.db, gatewayAuth().authorization);
  const body = { gateway: DEMO_GATEWAY, buttonEvents: [{ tag, nonce, events: eventsForPattern('help') }] };
  const [outcome] = await app.db.transaction((tx) => writePosts(tx, [{ key, body }], now));
  return (outcome as { results: { status: string }[] }).results[0]!.status;
}

const later = (iso: string | undefined, ms: number) => new Date(Date.parse(iso!) + ms);

describe('last seen of a tag, from ingest', () => {
  it('is set by a press, on the tag and in the tag list', async () => {
    const tag = await freshTag(app, 'Room 201');
    expect(await lastSeenOf(tag)).toBeUndefined();

    const before = new Date().toISOString();
    const res = await press(app, tag);
    expect(res.statusCode).toBe(200);
    const seen = (await lastSeenOf(tag))!;
    expect(new Date(seen).toISOString()).toBe(seen);
    expect(seen >= before && seen <= new Date().toISOString()).toBe(true);

    const list = await app.inject({ url: `/api/tags?query=${tag}`, headers: admin });
    expect(list.statusCode).toBe(200);
    const row = list.json().data.find((t: { id: string }) => t.id === tag);
    expect(row.state.updatedAt).toBe(seen);
  });

  it('moves forward once a grain has passed, keeping the state the tag reported', async () => {
    const tag = await freshTag(app, 'Room 202');
    const battery = { current: { level: 2900, status: 'healthy' } };
    await app.db
      .update(tags)
      .set({ state: { battery, updatedAt: '2026-01-01T00:00:00.000Z' } })
      .where(eq(tags.id, tag));
    await press(app, tag);
    const first = await lastSeenOf(tag);
    expect(first! > '2026-01-01T00:00:00.000Z').toBe(true);
    // Heard again within the grain: not written again.
    expect(await writeAt(tag, later(first, LAST_SEEN_GRAIN_MS - 1000))).toBe('joined');
    expect(await lastSeenOf(tag)).toBe(first);
    const next = later(first, LAST_SEEN_GRAIN_MS + 1000);
    expect(await writeAt(tag, next)).toBe('joined');
    expect(await lastSeenOf(tag)).toBe(next.toISOString());
    const [row] = await app.db.select({ state: tags.state }).from(tags).where(eq(tags.id, tag));
    expect(row!.state).toEqual({ battery, updatedAt: next.toISOString() });
  });

  it('never moves backwards: a batch that started earlier but commits later leaves it', async () => {
    const tag = await freshTag(app, 'Room 201');
    await writeAt(tag, new Date('2030-05-01T10:05:00.000Z'));
    await writeAt(tag, new Date('2030-05-01T10:00:00.000Z'));
    expect(await lastSeenOf(tag)).toBe('2030-05-01T10:05:00.000Z');
    // Nor does a press received now, before that time.
    expect((await press(app, tag)).statusCode).toBe(200);
    expect(await lastSeenOf(tag)).toBe('2030-05-01T10:05:00.000Z');
  });

  it('is not moved by a retry of a stored button event', async () => {
    const tag = await freshTag(app, 'Room 201');
    const nonce = unique('n');
    await press(app, tag, { nonce });
    const seen = await lastSeenOf(tag);
    expect(await writeAt(tag, later(seen, 2 * LAST_SEEN_GRAIN_MS), nonce)).toBe('duplicate');
    expect(await lastSeenOf(tag)).toBe(seen);
  });

  it("is not set on another organisation's tag that a gateway names", async () => {
    const tag = await freshTag(app, null, { slug: 'acme' });
    const res = await press(app, tag);
    expect(res.json().results[0].status).toBe('unknown_tag');
    const [row] = await app.db
      .select({ seen: sql<string | null>`${tags.state}->>'updatedAt'` })
      .from(tags)
      .where(eq(tags.id, tag));
    expect(row!.seen).toBeNull();
  });
});

// A console edit (PUT tags/{id}) holds the tag's row locked until it commits. A raw transaction on
// another connection plays it. (PGlite has one connection: no other transaction can hold a lock.)
describe.skipIf(!process.env.DATABASE_URL)('last seen of a tag held by another transaction', () => {
  it('is skipped, not waited for: the press is answered while the tag stays locked', async () => {
    const tag = await freshTag(app, 'Room 201');
    const other = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await other.connect();
    try {
      await other.query('begin');
      await other.query('select id from tags where id = $1 for update', [tag]);
      const res = await press(app, tag);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().results[0].status).toBe('created');
      await other.query('commit');
      expect(await lastSeenOf(tag)).toBeUndefined();
      await press(app, tag);
      expect(typeof (await lastSeenOf(tag))).toBe('string');
    } finally {
      await other.end();
    }
  });
});
