import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from './db/client';
import { zones } from './db/tables';
import type { ZoneRow } from './caller';
import { TtlCache } from './ttl-cache';

/** Organisations by the slug a request names, cached a few seconds (a slug change elsewhere is seen within that). */
export const orgBySlugCache = new TtlCache<ZoneRow | undefined>(5_000);

/**
 * The organisation a request's slug names: an organisation's own slug, or the slug of a site that
 * has its own (issue 17: a site with its own sign-in methods and identity provider), which stands for
 * the site's organisation. A session is always the organisation's; the site only chose how to sign in.
 */
export async function findOrgBySlug(db: Db, slug: string): Promise<ZoneRow | undefined> {
  return orgBySlugCache.get(slug, () => loadOrgForSlug(db, slug));
}

async function loadOrgForSlug(db: Db, slug: string): Promise<ZoneRow | undefined> {
  const [zone] = await db
    .select()
    .from(zones)
    .where(and(eq(zones.slug, slug), inArray(zones.level, ['org', 'site'])))
    .limit(1);
  if (!zone || zone.level === 'org') return zone;
  // A site's path is root, organisation, site.
  const [org] = await db
    .select()
    .from(zones)
    .where(and(eq(zones.id, zone.path[1] ?? zone.id), eq(zones.level, 'org')))
    .limit(1);
  return org;
}

/** The organisation with this slug as the database has it now (inside a transaction, say). */
export async function loadOrgBySlug(db: Db, slug: string): Promise<ZoneRow | undefined> {
  const [org] = await db
    .select()
    .from(zones)
    .where(and(eq(zones.slug, slug), eq(zones.level, 'org')))
    .limit(1);
  return org;
}
