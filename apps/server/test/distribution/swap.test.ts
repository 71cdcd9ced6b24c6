import { beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { distributionStations } from '../../src/db/schema';
import { getTestApp, signIn } from '../helpers/app';
import { freshTag, placedUser } from '../helpers/alerts';
import { insertTags, tagAudit, tagRow } from '../helpers/tags';

// Issue 21 "Current tags": swap (return one, activate another in one step), SPEC §4 tag flows.

let app: FastifyInstance;
let distribution: Record<string, string>;
let acme: Record<string, string>;
let station: string;

beforeAll(async () => {
  app = await getTestApp();
  distribution = (await signIn(app, 'distribution@demo.example')).headers;
  acme = (await signIn(app, 'admin@acme.example', 'acme')).headers;
  const stations = await app.db.select().from(distributionStations);
  station = stations.find((s) => s.name === 'Emergency Department station')!.id;
});

const swap = (payload: object, headers = distribution, id = station) =>
  app.inject({ method: 'POST', url: `/api/distribution-station/${id}/swap`, headers, payload });

async function worn() {
  const tag = await freshTag(app, 'ED Room 101');
  const owner = (await tagRow(app, tag))!.config.owner as { name: string; personId: string };
  return { tag, owner };
}
const shelf = async (state = 'available') => (await insertTags(app, [{ config: { state } }]))[0]!;

describe('POST /api/distribution-station/{id}/swap', () => {
  it('returns the person’s tag and deploys the new one to them at this station, audited', async () => {
    const { tag, owner } = await worn();
    const fresh = await shelf();
    const res = await swap({ returnTag: tag, activateTag: fresh, owner });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.returned.config).toMatchObject({ state: 'ready_for_return' });
    expect(body.returned.config.owner ?? null).toBeNull();
    expect(body.returned.config.label ?? null).toBeNull();
    expect(body.activated.config).toMatchObject({ state: 'deployed', owner, station });
    expect((await tagAudit(app, [tag, fresh])).map((a) => a.entityId).sort()).toEqual([tag, fresh].sort());
  });

  it('marks the returned tag lost when asked', async () => {
    const { tag, owner } = await worn();
    const res = await swap({
      returnTag: tag,
      returnState: 'lost',
      activateTag: await shelf('reserved'),
      owner,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await tagRow(app, tag))!.config.state).toBe('lost');
  });

  it.each([
    [
      'a tag deployed to someone else',
      async () => ({ ...(await worn()), other: true }),
      'is not deployed to this person',
    ],
    [
      'taking a tag already deployed',
      async () => ({ ...(await worn()), taken: true }),
      'is already deployed',
    ],
  ])('refuses %s (409) and changes neither tag', async (_what, make, reason) => {
    const made = (await make()) as {
      tag: string;
      owner: { name: string; personId: string };
      other?: boolean;
      taken?: boolean;
    };
    const activate = made.taken ? await freshTag(app, 'Room 201') : await shelf();
    const owner = made.other ? { name: 'Someone Else', personId: 'P-nobody' } : made.owner;
    const before = [await tagRow(app, made.tag), await tagRow(app, activate)];
    const res = await swap({ returnTag: made.tag, activateTag: activate, owner });
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().reason).toContain(reason);
    expect([await tagRow(app, made.tag), await tagRow(app, activate)]).toEqual(before);
  });

  it.each([
    ['a bad MAC', { returnTag: 'nope' }],
    ['no owner', { owner: undefined }],
    ['an unknown return state', { returnState: 'returned' }],
  ])('refuses %s with 400', async (_what, change) => {
    const { tag, owner } = await worn();
    const res = await swap({ returnTag: tag, activateTag: await shelf(), owner, ...change });
    expect(res.statusCode, res.body).toBe(400);
  });

  it('answers 404 for a tag of another organisation and for another organisation’s station', async () => {
    const { tag, owner } = await worn();
    const acmeTag = (await insertTags(app, [{ slug: 'acme', config: { state: 'available' } }]))[0]!;
    expect((await swap({ returnTag: tag, activateTag: acmeTag, owner })).statusCode).toBe(404);
    expect((await swap({ returnTag: tag, activateTag: await shelf(), owner }, acme)).statusCode).toBe(404);
  });

  it('needs update Tag: a role that may only read tags is refused (403)', async () => {
    const reader = (
      await signIn(app, await placedUser(app, { zone: 'Demo Hospital', role: 'smpReportUser' }))
    ).headers;
    const { tag, owner } = await worn();
    const res = await swap({ returnTag: tag, activateTag: await shelf(), owner }, reader);
    expect(res.statusCode).toBe(403);
  });
});
