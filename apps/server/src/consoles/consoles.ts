import { and, count, desc, eq, getTableColumns, gte, lte, sql, type SQL } from 'drizzle-orm';
import {
  CONSOLE_SNAPSHOT_LIST_LIMIT,
  defaultConsoleName,
  type Console,
  type ConsoleHeartbeatBody,
  type ConsoleSnapshot,
  type ConsoleSnapshotBody,
  type ConsoleSnapshotListQuery,
  type ConsoleSnapshotSummary,
  type ConsoleUpdateBody,
} from '@vigil/domain';
import type { Db } from '../platform/db/client';
import { consoleSnapshots, consoles, type ConsoleHeartbeatRow } from '../db/schema';
import { notFound } from '../platform/errors';
import { writeAudit } from '../platform/audit';
import { mergePatch } from '../platform/config-merge';
import { parseListQueryOrThrow, runList, type ListSpec } from '../platform/list/list';
import type { Actor } from '../platform/caller';
import { UUID_RE } from '../platform/db/checks';

// Consoles are not placed in zones: a console belongs to the organisation it first beat in, and
// every caller of that organisation sees it.
type ConsoleRow = typeof consoles.$inferSelect;

export const consoleListSpec: ListSpec = {
  fields: {
    name: { sql: consoles.name, type: 'text' },
    'heartbeat.hash': { sql: sql`${consoles.heartbeat}->>'hash'`, type: 'text' },
    'heartbeat.pwa': { sql: sql`(${consoles.heartbeat}->>'pwa')::boolean`, type: 'boolean' },
    'heartbeat.user.id': { sql: sql`${consoles.heartbeat}->'user'->>'id'`, type: 'text' },
    'heartbeat.updatedAt': {
      sql: sql`(${consoles.heartbeat}->>'updatedAt')::timestamptz`,
      type: 'timestamp',
    },
  },
  sortable: {
    name: consoles.name,
    createdAt: consoles.createdAt,
    updatedAt: consoles.updatedAt,
    'heartbeat.updatedAt': sql`(${consoles.heartbeat}->>'updatedAt')::timestamptz`,
  },
  defaultOrder: 'name',
  idColumn: consoles.id,
  search: [consoles.name, sql`${consoles.heartbeat}->>'href'`, sql`${consoles.heartbeat}->'user'->>'name'`],
};

export function toConsole(row: ConsoleRow): Console {
  return {
    id: row.id,
    name: row.name,
    config: row.config,
    state: row.state,
    heartbeat: row.heartbeat ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

async function findConsole(db: Db, orgId: string, id: string, forUpdate = false) {
  if (!UUID_RE.test(id)) return undefined;
  const query = db
    .select()
    .from(consoles)
    .where(and(eq(consoles.id, id), eq(consoles.orgId, orgId)))
    .limit(1);
  const [row] = forUpdate ? await query.for('update') : await query;
  return row;
}

export async function getConsole(db: Db, orgId: string, id: string): Promise<Console> {
  const row = await findConsole(db, orgId, id);
  if (!row) throw notFound('Console not found');
  return toConsole(row);
}

export async function listConsoles(db: Db, orgId: string, query: Record<string, unknown>) {
  const parsed = parseListQueryOrThrow(query, consoleListSpec);
  const page = await runList(db, consoles, consoleListSpec, parsed, eq(consoles.orgId, orgId));
  return { ...page, data: page.data.map(toConsole) };
}

/**
 * SPEC §7 POST consoles/{id}/heartbeats: upserts the console in the caller's organisation in one
 * statement; an id held by another organisation updates nothing and answers 404. Only the creation
 * is audited: a heartbeat every 60 s per console would drown the change log.
 */
export async function recordHeartbeat(
  db: Db,
  actor: Actor,
  id: string,
  body: ConsoleHeartbeatBody,
): Promise<Console> {
  const caller = actor.caller;
  if (!UUID_RE.test(id)) throw notFound('Console not found');
  const consoleId = id.toLowerCase();
  const heartbeat: ConsoleHeartbeatRow = {
    href: body.href ?? null,
    user: { id: caller.id, name: caller.name },
    pwa: body.pwa ?? false,
    hash: body.hash,
    updatedAt: new Date().toISOString(),
  };
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(consoles)
      .values({ id: consoleId, orgId: caller.org.id, name: defaultConsoleName(consoleId), heartbeat })
      .onConflictDoUpdate({
        target: consoles.id,
        set: { heartbeat },
        setWhere: eq(consoles.orgId, caller.org.id),
      })
      .returning({ ...getTableColumns(consoles), inserted: sql<boolean>`(xmax = 0)` });
    if (!row) throw notFound('Console not found');
    const { inserted, ...stored } = row;
    const result = toConsole(stored);
    if (inserted) {
      await writeAudit(tx, actor, {
        entity: 'console',
        entityId: consoleId,
        action: 'create',
        after: result,
      });
    }
    return result;
  });
}

/** PUT /api/consoles/{id}: rename, and config deep-merged (`null` removes a key). */
export async function updateConsole(
  db: Db,
  actor: Actor,
  id: string,
  body: ConsoleUpdateBody,
): Promise<Console> {
  const caller = actor.caller;
  return db.transaction(async (txn) => {
    const tx = txn as unknown as Db;
    const before = await findConsole(tx, caller.org.id, id, true);
    if (!before) throw notFound('Console not found');
    const changes: Partial<typeof consoles.$inferInsert> = { updatedAt: new Date() };
    if (body.name !== undefined) changes.name = body.name;
    if (body.config !== undefined) changes.config = mergePatch(before.config, body.config);
    const [row] = await tx.update(consoles).set(changes).where(eq(consoles.id, before.id)).returning();
    const after = toConsole(row!);
    await writeAudit(tx, actor, {
      entity: 'console',
      entityId: before.id,
      action: 'update',
      before: toConsole(before),
      after,
    });
    return after;
  });
}

/**
 * SPEC §7 POST consoles/{id}/snapshots: stores what the console posts of itself. The console must
 * exist in the caller's organisation (another organisation's id answers 404, as for an unknown one).
 * Not audited: consoles post them continuously (1 s debounce, SPEC §9).
 */
export async function recordSnapshot(
  db: Db,
  orgId: string,
  id: string,
  body: ConsoleSnapshotBody,
): Promise<{ id: string; createdAt: string }> {
  const owner = await findConsole(db, orgId, id);
  if (!owner) throw notFound('Console not found');
  const [row] = await db
    .insert(consoleSnapshots)
    .values({ consoleId: owner.id, orgId, data: body.data, createdAt: new Date(body.createdAt) })
    .returning({ id: consoleSnapshots.id, createdAt: consoleSnapshots.createdAt });
  return { id: row!.id, createdAt: row!.createdAt.toISOString() };
}

/** SPEC §7 GET consoles/{id}/snapshots?from=&to=: newest first (by the console's clock), at most 500. */
export async function listSnapshots(
  db: Db,
  orgId: string,
  id: string,
  query: ConsoleSnapshotListQuery,
): Promise<{ data: ConsoleSnapshotSummary[]; total: number }> {
  const owner = await findConsole(db, orgId, id);
  if (!owner) throw notFound('Console not found');
  const conditions: SQL[] = [eq(consoleSnapshots.consoleId, owner.id), eq(consoleSnapshots.orgId, orgId)];
  if (query.from) conditions.push(gte(consoleSnapshots.createdAt, new Date(query.from)));
  if (query.to) conditions.push(lte(consoleSnapshots.createdAt, new Date(query.to)));
  const where = and(...conditions);
  const [rows, [counted]] = await Promise.all([
    db
      .select({
        id: consoleSnapshots.id,
        createdAt: consoleSnapshots.createdAt,
        receivedAt: consoleSnapshots.receivedAt,
      })
      .from(consoleSnapshots)
      .where(where)
      .orderBy(desc(consoleSnapshots.createdAt), desc(consoleSnapshots.id))
      .limit(CONSOLE_SNAPSHOT_LIST_LIMIT),
    db.select({ total: count() }).from(consoleSnapshots).where(where),
  ]);
  return {
    data: rows.map((r) => ({
      id: r.id,
      createdAt: r.createdAt.toISOString(),
      receivedAt: r.receivedAt.toISOString(),
    })),
    total: Number(counted?.total ?? 0),
  };
}

/** SPEC §7 GET consoles/{id}/snapshots/{snap}: one snapshot with its data. */
export async function getSnapshot(db: Db, orgId: string, id: string, snap: string): Promise<ConsoleSnapshot> {
  if (!UUID_RE.test(id) || !UUID_RE.test(snap)) throw notFound('Snapshot not found');
  const [row] = await db
    .select()
    .from(consoleSnapshots)
    .where(
      and(
        eq(consoleSnapshots.id, snap),
        eq(consoleSnapshots.consoleId, id),
        eq(consoleSnapshots.orgId, orgId),
      ),
    )
    .limit(1);
  if (!row) throw notFound('Snapshot not found');
  return {
    id: row.id,
    consoleId: row.consoleId,
    data: row.data,
    createdAt: row.createdAt.toISOString(),
    receivedAt: row.receivedAt.toISOString(),
  };
}
