import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { and, eq } from 'drizzle-orm';
import { homeVisits, people, tags, zones } from '../../src/db/schema';
import { unique } from '../helpers/app';
import { freshMac, zoneByName } from '../helpers/alerts';

// Issue 20: the rows a home-visit test needs, written to the shared database under fresh names.

export async function orgOf(app: FastifyInstance, slug = 'demo') {
  const [org] = await app.db
    .select()
    .from(zones)
    .where(and(eq(zones.slug, slug), eq(zones.level, 'org')));
  return org!;
}

/** A zone of category home (an address), under the organisation or a named zone of it. */
export async function homeZone(
  app: FastifyInstance,
  opts: { slug?: string; under?: string; category?: string | null; point?: [lng: number, lat: number] } = {},
) {
  const slug = opts.slug ?? 'demo';
  const parent = opts.under ? await zoneByName(app, opts.under, slug) : await orgOf(app, slug);
  const id = crypto.randomUUID();
  const name = unique('12 Elm Street ');
  const category = opts.category === undefined ? 'home' : opts.category;
  await app.db.insert(zones).values({
    id,
    name,
    level: parent.level === 'org' ? 'site' : 'area',
    parentId: parent.id,
    path: [...parent.path, id],
    config: {
      ...(category ? { category } : {}),
      ...(opts.point ? { geometry: { type: 'Point', coordinates: opts.point } } : {}),
    },
  });
  return { id, name };
}

/** A person of the organisation (remote unless told) who owns a deployed tag located in `zone`. */
export async function visitor(
  app: FastifyInstance,
  opts: { slug?: string; remote?: boolean; zone?: string | null; tags?: number } = {},
) {
  const slug = opts.slug ?? 'demo';
  const org = await orgOf(app, slug);
  const zoneId = opts.zone === null ? null : (await zoneByName(app, opts.zone ?? 'Room 201', slug)).id;
  const name = unique('Visitor ');
  const personId = unique('P-');
  const email = `${unique('v')}@demo.example`;
  const tagIds = Array.from({ length: opts.tags ?? 1 }, () => freshMac());
  for (const id of tagIds) {
    await app.db.insert(tags).values({
      id,
      orgId: org.id,
      zoneId,
      config: { state: 'deployed', ...(zoneId ? { location: zoneId } : {}), owner: { name, personId } },
    });
  }
  const [row] = await app.db
    .insert(people)
    .values({ orgId: org.id, zoneId, name, personId, contacts: { email }, isRemote: opts.remote ?? true })
    .returning();
  return { id: row!.id, name, personId, email, tags: tagIds, zoneId };
}

export const minutes = (n: number, from = new Date()) => new Date(from.getTime() + n * 60_000);

/** A visit written straight to the database (e.g. one whose planned end is long past). */
export async function storedVisit(
  app: FastifyInstance,
  values: {
    orgId: string;
    personId: string;
    homeZoneId: string;
    plannedStart: Date;
    plannedEnd: Date;
  } & Partial<typeof homeVisits.$inferInsert>,
) {
  const [row] = await app.db.insert(homeVisits).values(values).returning();
  return row!;
}
