import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { and, count, eq, inArray, isNull } from 'drizzle-orm';
import { eventsForPattern } from '@vigil/domain';
import { alertEvents, alerts, buttonEvents, gateways } from '../../src/db/schema';
import { ingestButtonEvents, ingestStats } from '../../src/ingest/batcher';
import { authenticateGatewayKey } from '../../src/ingest/gateway-keys';
import { getTestApp, unique } from '../helpers/app';
import { DEMO_GATEWAY, freshMac, freshTag, gatewayAuth, zoneByName } from '../helpers/alerts';

/**
 * Group commit of POST /api/ingest/button-events (ARCHITECTURE §8 'Writes per second'): posts that
 * arrive together are written in one transaction, yet each is answered as if it had been alone.
 */
let app: FastifyInstance;
beforeAll(async () => {
  app = await getTestApp();
});

type ButtonEvent = { tag: string; nonce: string | number; events: ReturnType<typeof eventsForPattern> };
type Body = { gateway: string; buttonEvents: ButtonEvent[] };
type Result = { tag: string; nonce: string | number; status: string; alertId?: string };

const post = (body: Body) =>
  app.inject({ method: 'POST', url: '/api/ingest/button-events', headers: gatewayAuth(), payload: body });

/** Gateways of the demo organisation, made for this test. */
async function freshGateways(n: number): Promise<string[]> {
  const zone = await zoneByName(app, 'Room 201');
  const ids = Array.from({ length: n }, () => freshMac());
  await app.db
    .insert(gateways)
    .values(ids.map((id) => ({ id, orgId: zone.path[1]!, zoneId: zone.id, config: { state: 'deployed' } })));
  return ids;
}

/** A tiny deterministic PRNG, so a failure can be replayed. */
function prng(seed: number) {
  let a = seed;
  return () => {
    a = (a * 1103515245 + 12345) % 2 ** 31;
    return a / 2 ** 31;
  };
}

describe('button events written together (group commit)', () => {
  it('keeps one alert per tag and one answer per (tag, nonce) across concurrent posts of many gateways', async () => {
    const tagIds = await Promise.all(Array.from({ length: 6 }, () => freshTag(app, 'Room 201')));
    const gatewayIds = await freshGateways(8);
    const random = prng(42);
    const pick = <T>(list: T[]) => list[Math.floor(random() * list.length)]!;
    const sent: ButtonEvent[] = [];
    const bodies: Body[] = gatewayIds.flatMap((gateway) =>
      Array.from({ length: 4 }, (): Body => {
        const buttonEvents = Array.from({ length: 1 + Math.floor(random() * 5) }, () => {
          // A third are copies of a button event already sent (another gateway heard the same press,
          // or a retry), some of them inside the same post.
          if (sent.length && random() < 0.33) return pick(sent);
          const event = {
            tag: pick(tagIds),
            nonce: random() < 0.5 ? unique('n') : Math.floor(random() * 1e12),
            events: eventsForPattern(random() < 0.2 ? 'activeShooter' : 'help'),
          };
          sent.push(event);
          return event;
        });
        return { gateway, buttonEvents };
      }),
    );
    const unknownOnly: Body = {
      gateway: DEMO_GATEWAY,
      buttonEvents: [{ tag: freshMac(), nonce: 1, events: eventsForPattern('help') }],
    };
    const strangerGateway: Body = { gateway: freshMac(), buttonEvents: [sent[0]!] };

    const before = ingestStats(app.db);
    const answers = await Promise.all([...bodies, unknownOnly, strangerGateway].map(post));
    const after = ingestStats(app.db);
    // Written together: fewer transactions than posts.
    expect(after.posts - before.posts).toBe(bodies.length + 2);
    expect(after.flushes - before.flushes).toBeLessThan(bodies.length);

    // Each post is answered with its own results, one per button event, in its order.
    const results = bodies.map((body, i) => {
      expect(answers[i]!.statusCode).toBe(200);
      const list = answers[i]!.json().results as Result[];
      expect(list.map((r) => [r.tag, r.nonce])).toEqual(body.buttonEvents.map((e) => [e.tag, e.nonce]));
      return list;
    });
    expect(answers[bodies.length]!.statusCode).toBe(202);
    expect(answers[bodies.length]!.json().results).toEqual([
      { tag: unknownOnly.buttonEvents[0]!.tag, nonce: 1, status: 'unknown_tag' },
    ]);
    expect(answers[bodies.length + 1]!.statusCode).toBe(403);
    expect(answers[bodies.length + 1]!.json()).toMatchObject({ reason: 'Unknown gateway' });

    // Per (tag, nonce): one press, every copy answered 'duplicate' with the same alert.
    const byKey = new Map<string, Result[]>();
    for (const r of results.flat()) {
      const key = `${r.tag}|${r.nonce}`;
      byKey.set(key, [...(byKey.get(key) ?? []), r]);
    }
    expect(byKey.size).toBe(sent.length);
    for (const list of byKey.values()) {
      expect(list.filter((r) => r.status !== 'duplicate')).toHaveLength(1);
      expect(new Set(list.map((r) => r.alertId)).size).toBe(1);
    }

    // Per tag: one alert, created once, counting each distinct press once, with its history.
    for (const tag of tagIds) {
      const presses = [...byKey.values()].map((l) => l.find((r) => r.status !== 'duplicate')!);
      const own = presses.filter((r) => r.tag === tag);
      if (own.length === 0) continue;
      expect(own.filter((r) => r.status === 'created')).toHaveLength(1);
      expect(new Set(own.map((r) => r.alertId)).size).toBe(1);
      const rows = await app.db
        .select()
        .from(alerts)
        .where(and(eq(alerts.tagId, tag), isNull(alerts.closedAt)));
      expect(rows).toHaveLength(1);
      expect(rows[0]!).toMatchObject({ id: own[0]!.alertId, pressCount: own.length, state: 'notified' });
      const shooter = JSON.stringify(eventsForPattern('activeShooter'));
      const danger = own.some(
        (r) => JSON.stringify(sent.find((e) => e.tag === r.tag && e.nonce === r.nonce)!.events) === shooter,
      );
      expect(rows[0]!.mode).toBe(danger ? 'danger' : 'help');
      const history = await app.db
        .select({ action: alertEvents.action })
        .from(alertEvents)
        .where(eq(alertEvents.alertId, rows[0]!.id));
      expect(history.map((h) => h.action).sort()).toEqual(
        ['created', 'notified', ...Array(own.length - 1).fill('pressed')].sort(),
      );
    }
    const [stored] = await app.db
      .select({ n: count() })
      .from(buttonEvents)
      .where(inArray(buttonEvents.tagId, tagIds));
    expect(stored!.n).toBe(sent.length);

    // Sent again, together: every button event is answered as it was first.
    const again = await Promise.all(bodies.map(post));
    again.forEach((res, i) => {
      expect(res.statusCode).toBe(200);
      expect(res.json().results).toEqual(
        results[i]!.map((r) => ({ tag: r.tag, nonce: r.nonce, status: 'duplicate', alertId: r.alertId })),
      );
    });
  });

  it('answers the other posts of a batch when one of them fails, and that one with its own error', async () => {
    const tagIds = await Promise.all(Array.from({ length: 4 }, () => freshTag(app, 'Room 202')));
    // Warm the gateway key cache, so that the posts below reach the queue together.
    await post({
      gateway: DEMO_GATEWAY,
      buttonEvents: [{ tag: freshMac(), nonce: 1, events: eventsForPattern('help') }],
    });
    const good = tagIds.map((tag): Body => ({
      gateway: DEMO_GATEWAY,
      buttonEvents: [{ tag, nonce: 1, events: eventsForPattern('help') }],
    }));
    // A NUL character passes the contract but no PostgreSQL text can hold it: the batch's
    // transaction fails, and its posts are written again one by one. The HTTP edge refuses a NUL
    // before ingest sees it, so these posts reach ingest directly, as the route hands them over.
    const key = await authenticateGatewayKey(app.db, gatewayAuth().authorization);
    const bad: Body = {
      gateway: DEMO_GATEWAY,
      buttonEvents: [
        { tag: tagIds[0]!, nonce: 2, events: eventsForPattern('help') },
        { tag: tagIds[1]!, nonce: 'nul\u0000', events: eventsForPattern('help') },
      ],
    };
    const before = ingestStats(app.db);
    // Each post as the route hands it to ingest: its answer, or the error the route would answer.
    const direct = (body: Body) =>
      ingestButtonEvents(app.db, key, body).then(
        (outcome) => ({ statusCode: outcome.status as number, code: undefined, json: () => outcome }),
        (err: { statusCode?: number; code?: string }) => ({
          statusCode: err.statusCode,
          code: err.code,
          json: (): { results?: unknown } => ({}),
        }),
      );
    const [first, second, broken, third, fourth] = await Promise.all(
      [good[0]!, good[1]!, bad, good[2]!, good[3]!].map(direct),
    );
    expect(ingestStats(app.db).isolated - before.isolated).toBe(1);

    for (const [res, tag] of [
      [first, tagIds[0]],
      [second, tagIds[1]],
      [third, tagIds[2]],
      [fourth, tagIds[3]],
    ] as const) {
      expect(res!.statusCode).toBe(200);
      expect(res!.json().results).toEqual([
        { tag, nonce: 1, status: 'created', alertId: expect.any(String) },
      ]);
    }
    expect(broken.statusCode).toBe(400);
    expect(broken).toMatchObject({ code: 'invalid_request' });
    // Nothing of the failed post was kept, not even its valid button event.
    const kept = await app.db
      .select({ nonce: buttonEvents.nonce, pressCount: alerts.pressCount })
      .from(buttonEvents)
      .innerJoin(alerts, eq(alerts.id, buttonEvents.alertId))
      .where(inArray(buttonEvents.tagId, [tagIds[0]!, tagIds[1]!]));
    expect(kept).toEqual([
      { nonce: '1', pressCount: 1 },
      { nonce: '1', pressCount: 1 },
    ]);
  });
});

// Another instance on the same PostgreSQL commits, between this batch's read and its write, a claim
// of the same (tag, nonce) and an open alert of the same tag. A raw transaction plays that instance,
// holding its rows uncommitted until the post is waiting on them. (PGlite has one connection: there
// is no other writer to race.)
describe.skipIf(!process.env.DATABASE_URL)('a batch that races another writer', () => {
  it('starts again and answers from what the other writer committed: one alert, one claim', async () => {
    const tag = await freshTag(app, 'Room 202');
    const other = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await other.connect();
    const alertId = randomUUID();
    try {
      await other.query('begin');
      await other.query(
        `insert into alerts (id, org_id, tag_id, state, mode, press_count)
          select $1, org_id, id, 'notified', 'help', 1 from tags where id = $2`,
        [alertId, tag],
      );
      await other.query(
        `insert into button_events (org_id, tag_id, nonce, gateway_id, events, status, alert_id)
          select org_id, id, 'n1', $2, '[]', 'created', $1 from tags where id = $3`,
        [alertId, DEMO_GATEWAY, tag],
      );
      const before = ingestStats(app.db);
      const answer = post({
        gateway: DEMO_GATEWAY,
        buttonEvents: [
          { tag, nonce: 'n1', events: eventsForPattern('help') },
          { tag, nonce: 'n2', events: eventsForPattern('help') },
        ],
      });
      // The batch read neither row and now waits on them (the claim's unique index, the open alert's).
      const waiting = async () =>
        (
          await other.query(
            `select count(*)::int as n from pg_stat_activity
              where datname = current_database() and wait_event_type = 'Lock' and pid <> pg_backend_pid()`,
          )
        ).rows[0].n;
      for (let i = 0; i < 100 && (await waiting()) === 0; i++) await new Promise((r) => setTimeout(r, 20));
      expect(await waiting()).toBeGreaterThan(0);
      await other.query('commit');

      const res = await answer;
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().results).toEqual([
        { tag, nonce: 'n1', status: 'duplicate', alertId },
        { tag, nonce: 'n2', status: 'joined', alertId },
      ]);
      expect(ingestStats(app.db).raced - before.raced).toBeGreaterThanOrEqual(1);
      const open = await app.db
        .select({ id: alerts.id, pressCount: alerts.pressCount })
        .from(alerts)
        .where(and(eq(alerts.tagId, tag), isNull(alerts.closedAt)));
      expect(open).toEqual([{ id: alertId, pressCount: 2 }]);
      const claims = await app.db
        .select({ nonce: buttonEvents.nonce, alertId: buttonEvents.alertId })
        .from(buttonEvents)
        .where(eq(buttonEvents.tagId, tag));
      expect(claims.sort((a, b) => a.nonce.localeCompare(b.nonce))).toEqual([
        { nonce: 'n1', alertId },
        { nonce: 'n2', alertId },
      ]);
    } finally {
      await other.end();
    }
  });
});
