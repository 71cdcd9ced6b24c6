import { and, eq } from 'drizzle-orm';
import type { Db } from './db/client';
import { zones } from './db/tables';
import type { ZoneRow } from './caller';
import { TtlCache } from './ttl-cache';

/** Organisations by slug, cached a few seconds (a slug change elsewhere is seen within that). */
export const orgBySlugCache = new TtlCache<ZoneRow | undefined>(5_000);

export async function findOrgBySlug(db: Db, slug: string): Promise<ZoneRow | undefined> {
  return orgBySlugCache.get(slug, () => loadOrgBySlug(db, slug));
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
