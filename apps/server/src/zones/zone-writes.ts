import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import {
  ZONE_MESSAGES,
  isLevelBelow,
  retentionLevelError,
  type Zone,
  type ZoneCreateBody,
  type ZoneUpdateBody,
} from '@vigil/domain';
import type { Db } from '../platform/db/client';
import { apiKeys, gateways, homeVisits, signInProviders, tags, users, zones } from '../db/schema';
import { HttpError, badRequest, conflict, forbidden, notFound } from '../platform/errors';
import { writeAudit } from '../platform/audit';
import { mergePatch } from '../platform/config-merge';
import { parseListQuery, runList, type ListSpec } from '../platform/list/list';
import { isZoneInScope, type Scope } from '../platform/scope';
import { putFile, signedLink, storageRoot } from '../platform/storage';
import { findZone, findZones, toZone } from './zones';
import { zoneInScope } from '../platform/scope-sql';
import { orgBySlugCache } from '../platform/organisations';
import type { ZoneRow, Actor } from '../platform/caller';
import { assertUnitConfig, cascadeUnitState } from './unit-rules';

export const zoneListSpec: ListSpec = {
  fields: {
    name: { sql: zones.name, type: 'text' },
    level: { sql: zones.level, type: 'text' },
    parent: { sql: zones.parentId, type: 'text' },
    slug: { sql: zones.slug, type: 'text' },
    'config.state': { sql: sql`${zones.config}->>'state'`, type: 'text' },
    'config.category': { sql: sql`${zones.config}->>'category'`, type: 'text' },
  },
  sortable: { name: zones.name, level: zones.level, createdAt: zones.createdAt },
  defaultOrder: 'name',
  idColumn: zones.id,
  search: [zones.name],
};

/** GET /api/zones: `?slug=`, `?level=&parent=` and the list contract, always inside the scope. */
export async function listZones(db: Db, scope: Scope, query: Record<string, unknown>) {
  const parsed = parseListQuery(query, zoneListSpec);
  if (!parsed.ok) throw new HttpError(400, parsed.reason, 'invalid_list_query', parsed.field);
  const page = await runList<ZoneRow>(db, zones, zoneListSpec, parsed.value, zoneInScope(scope));
  const ids = page.data.map((z) => z.id);
  const leaves = ids.length ? await findZones(db, scope, inArray(zones.id, ids), { limit: ids.length }) : [];
  const leafById = new Map(leaves.map((l) => [l.row.id, l.isLeaf]));
  return { ...page, data: page.data.map((row) => toZone(row, leafById.get(row.id) ?? true)) };
}

export async function createZone(db: Db, actor: Actor, body: ZoneCreateBody): Promise<Zone> {
  const { scope } = actor.caller;
  const parent = await findZone(db, scope, body.parent);
  if (!parent) throw notFound('Parent zone not found');
  if (!isLevelBelow(body.level, parent.row.level as never)) {
    throw badRequest(`A ${body.level} cannot be placed under a ${parent.row.level}`, 'level');
  }
  const config = mergePatch({}, body.config ?? {});
  assertUnitConfig(body.level, config);
  assertRetentionLevel(body.level, config);
  const id = crypto.randomUUID();
  return db.transaction(async (tx) => {
    if (body.slug) await assertSlugFree(tx as unknown as Db, body.slug);
    await assertProvidersConfigured(tx as unknown as Db, id, body.auth?.methods ?? []);
    const [row] = await tx
      .insert(zones)
      .values({
        id,
        name: body.name,
        level: body.level,
        parentId: parent.row.id,
        path: [...parent.row.path, id],
        slug: body.slug ?? null,
        config,
        auth: body.auth ?? {},
      })
      .returning();
    await writeAudit(tx, actor, { entity: 'zone', entityId: id, action: 'create', after: row });
    return toZone(row!, true);
  });
}

/** Issue 17: single sign-on is enabled only once its provider is configured on the zone. */
async function assertProvidersConfigured(db: Db, zoneId: string, methods: readonly string[]): Promise<void> {
  const needed = methods.filter((m) => m === 'saml' || m === 'google');
  if (needed.length === 0) return;
  const configured = await db
    .select({ kind: signInProviders.kind })
    .from(signInProviders)
    .where(and(eq(signInProviders.zoneId, zoneId), inArray(signInProviders.kind, needed)));
  const missing = needed.filter((m) => !configured.some((c) => c.kind === m));
  if (missing.length > 0)
    throw badRequest(
      `Configure ${missing.map((m) => (m === 'saml' ? 'SAML' : 'OpenID (Google)')).join(' and ')} sign-in on this zone before enabling it`,
      'auth.methods',
    );
}

export async function updateZone(db: Db, actor: Actor, id: string, body: ZoneUpdateBody): Promise<Zone> {
  const { scope } = actor.caller;
  return db.transaction(async (txn) => {
    const tx = txn as unknown as Db;
    const current = await findZone(tx, scope, id).catch(() => undefined);
    if (!current) throw notFound('Zone not found');
    const before = current.row;
    const changes: Partial<typeof zones.$inferInsert> = { updatedAt: new Date() };
    if (body.name !== undefined) changes.name = body.name;
    if (body.config !== undefined) {
      changes.config = mergePatch(before.config, body.config);
      assertUnitConfig(before.level, changes.config);
      assertRetentionLevel(before.level, changes.config);
    }
    if (body.auth !== undefined) {
      changes.auth = mergePatch(before.auth, body.auth);
      await assertProvidersConfigured(tx, id, (changes.auth as { methods?: string[] }).methods ?? []);
    }
    if (body.slug !== undefined && body.slug !== before.slug) {
      if (body.slug) await assertSlugFree(tx, body.slug, id);
      changes.slug = body.slug;
    }
    for (const key of ['peers', 'followers'] as const) {
      const ids = body[key];
      if (ids === undefined) continue;
      const unique = [...new Set(ids)].filter((z) => z !== id);
      const found = unique.length
        ? await findZones(tx, scope, inArray(zones.id, unique), { limit: 500 })
        : [];
      if (found.length !== unique.length) throw badRequest(`Unknown zone in ${key}`, key);
      changes[key] = unique;
    }
    if (body.parent !== undefined && body.parent !== before.parentId) {
      await moveZone(tx, scope, before, body.parent);
    }
    const [row] = await tx.update(zones).set(changes).where(eq(zones.id, id)).returning();
    await writeAudit(tx, actor, { entity: 'zone', entityId: id, action: 'update', before, after: row });
    await cascadeUnitState(tx, actor, before, row!);
    // A site's own slug stands for its organisation in requests (platform/organisations.ts).
    if (before.level === 'org' || before.level === 'site') orgBySlugCache.delete();
    return toZone(row!, current.isLeaf);
  });
}

/** Moves a zone under a new parent of the same organisation and re-paths its subtree. */
async function moveZone(tx: Db, scope: Scope, zone: ZoneRow, parentId: string): Promise<void> {
  if (zone.level === 'org' || zone.level === 'root') throw forbidden('An organisation cannot be moved');
  const parent = await findZone(tx, scope, parentId);
  if (!parent) throw notFound('Parent zone not found');
  const orgId = zone.path[1];
  if (!orgId || !parent.row.path.includes(orgId))
    throw badRequest('A zone moves only within its organisation', 'parent');
  if (parent.row.path.includes(zone.id)) throw badRequest('A zone cannot move under itself', 'parent');
  if (!isLevelBelow(zone.level as never, parent.row.level as never)) {
    throw badRequest(`A ${zone.level} cannot be placed under a ${parent.row.level}`, 'parent');
  }
  const prefix = `{${parent.row.path.join(',')}}`;
  await tx.execute(sql`
    update ${zones}
       set path = ${prefix}::uuid[] || path[array_position(path, ${zone.id}::uuid):]
     where path && array[${zone.id}::uuid]`);
  await tx.update(zones).set({ parentId }).where(eq(zones.id, zone.id));
}

async function assertSlugFree(tx: Db, slug: string, exceptId?: string): Promise<void> {
  const where = exceptId ? and(eq(zones.slug, slug), ne(zones.id, exceptId)) : eq(zones.slug, slug);
  const [taken] = await tx.select({ id: zones.id }).from(zones).where(where).limit(1);
  if (taken) throw conflict(`The slug "${slug}" is already in use`, 'slug_taken');
}

/** DELETE: refused with 403 when a gateway is assigned to it (SPEC §6), 409 while anything lives in it. */
export async function deleteZone(db: Db, actor: Actor, id: string): Promise<void> {
  const { scope } = actor.caller;
  await db.transaction(async (txn) => {
    const tx = txn as unknown as Db;
    const zone = /^[0-9a-f-]{36}$/i.test(id) ? await findZone(tx, scope, id) : undefined;
    if (!zone) throw notFound('Zone not found');
    const { row } = zone;
    if (
      row.level === 'org' ||
      row.level === 'root' ||
      !isZoneInScope(scope, row) ||
      scope.roots.includes(row.id)
    ) {
      throw forbidden(`Zone "${row.name}" is not one you may delete`);
    }
    const [gateway] = await tx
      .select({ id: gateways.id })
      .from(gateways)
      .where(eq(gateways.zoneId, id))
      .limit(1);
    if (gateway) {
      throw new HttpError(403, ZONE_MESSAGES.deleteAssigned(row.name), 'zone_assigned_to_gateway');
    }
    if (!zone.isLeaf) throw conflict(`Zone "${row.name}" still has zones inside it`, 'zone_has_children');
    for (const [table, what] of [
      [tags, 'tags'],
      [users, 'users'],
      [apiKeys, 'API keys'],
    ] as const) {
      const [found] = await tx
        .select({ one: sql`1` })
        .from(table)
        .where(eq(table.zoneId, id))
        .limit(1);
      if (found) throw conflict(`Zone "${row.name}" still has ${what} located in it`, 'zone_in_use');
    }
    // Issue 20: a home keeps its visits' address (their foreign key would refuse the delete).
    const [visit] = await tx
      .select({ one: sql`1` })
      .from(homeVisits)
      .where(eq(homeVisits.homeZoneId, id))
      .limit(1);
    if (visit) throw conflict(`Zone "${row.name}" still has home visits planned at it`, 'zone_in_use');
    await tx.execute(sql`update ${zones} set peers = array_remove(peers, ${id}::uuid),
      followers = array_remove(followers, ${id}::uuid) where ${id}::uuid = any(peers) or ${id}::uuid = any(followers)`);
    await tx.delete(zones).where(eq(zones.id, id));
    await writeAudit(tx, actor, { entity: 'zone', entityId: id, action: 'delete', before: row });
  });
}

/** GET /api/zones/export (SPEC §2.6 'Export data'): a CSV of the organisation's zones, as a link. */
export async function exportZones(app: FastifyInstance, actor: Actor) {
  const caller = actor.caller;
  const role = caller.role.toLowerCase();
  if (!(role.includes('customer') && role.includes('superadmin')) && caller.role !== 'superAdmin') {
    throw forbidden('Export needs a customer super-admin role');
  }
  const rows = await app.db
    .select()
    .from(zones)
    .where(zoneInScope(caller.scope))
    .orderBy(sql`array_length(${zones.path}, 1)`, zones.name);
  const names = new Map(rows.map((r) => [r.id, r.name]));
  const csv = [
    'id,name,level,parent,path,slug,config',
    ...rows.map((r) =>
      [
        r.id,
        r.name,
        r.level,
        r.parentId ?? '',
        r.path
          .map((p) => names.get(p) ?? '')
          .filter(Boolean)
          .join(' / '),
        r.slug ?? '',
        JSON.stringify(r.config),
      ]
        .map(csvCell)
        .join(','),
    ),
  ].join('\n');
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const rel = `orgs/${caller.org.id}/exports/zones-${stamp}.csv`;
  await putFile(storageRoot(app.config.dataDir), rel, csv + '\n');
  await writeAudit(app.db, actor, { entity: 'export', entityId: rel, action: 'create' });
  return signedLink(app.tokenSecret, rel);
}

function csvCell(value: string): string {
  const safe = /^[=+\-@]/.test(value) ? `'${value}` : value;
  return /[",\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** Issue 19: retention is an organisation's setting; another zone carrying one is refused whole. */
function assertRetentionLevel(level: string, config: Record<string, unknown>): void {
  const reason = retentionLevelError(level, config);
  if (reason) throw badRequest(reason, 'config.retention');
}
