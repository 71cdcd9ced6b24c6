import type { FastifyInstance } from 'fastify';
import { and, eq, inArray } from 'drizzle-orm';
import { auditLog, tags, zones } from '../../src/db/schema';
import { freshMac, zoneByName } from './alerts';

/** What a test tag may set; `zone` is a seeded zone's name (null: unlocated). */
export type TagSpec = {
  slug?: string;
  zone?: string | null;
  config?: Record<string, unknown>;
  state?: Record<string, unknown>;
};

async function orgId(app: FastifyInstance, slug: string): Promise<string> {
  const [org] = await app.db
    .select({ id: zones.id })
    .from(zones)
    .where(and(eq(zones.slug, slug), eq(zones.level, 'org')));
  if (!org) throw new Error(`no organisation ${slug}`);
  return org.id;
}

/** Tags written straight to the database (fresh MACs), answered in the order given. */
export async function insertTags(app: FastifyInstance, specs: TagSpec[]): Promise<string[]> {
  const rows = [];
  for (const spec of specs) {
    const slug = spec.slug ?? 'demo';
    const zoneId = spec.zone ? (await zoneByName(app, spec.zone, slug)).id : null;
    rows.push({
      id: freshMac(),
      orgId: await orgId(app, slug),
      zoneId,
      config: { ...(zoneId ? { location: zoneId } : {}), ...spec.config },
      state: spec.state ?? {},
    });
  }
  await app.db.insert(tags).values(rows);
  return rows.map((r) => r.id);
}

export async function tagRow(app: FastifyInstance, id: string) {
  const [row] = await app.db.select().from(tags).where(eq(tags.id, id));
  return row;
}

export async function tagRows(app: FastifyInstance, ids: string[]) {
  const rows = await app.db.select().from(tags).where(inArray(tags.id, ids));
  return new Map(rows.map((r) => [r.id, r]));
}

/** The audit entries of tags, oldest first. */
export function tagAudit(app: FastifyInstance, ids: string[]) {
  return app.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entity, 'tag'), inArray(auditLog.entityId, ids)))
    .orderBy(auditLog.id);
}
