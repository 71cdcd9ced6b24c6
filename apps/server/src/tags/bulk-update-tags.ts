import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import {
  tagBatchOperations,
  tagInvalidationUpdate,
  tagRestoreUpdate,
  type BulkResult,
  type CollectionReason,
  type TagBatchCandidate,
  type TagBatchOperation,
  type TagBatchPermissions,
  type TagBulkBody,
  type TagConfigState,
} from '@vigil/domain';
import type { Db } from '../platform/db/client';
import { jsonArray, jsonRecordset } from '../platform/db/json-params';
import { auditLog, batchOperations, tags, zones } from '../db/schema';
import { HttpError, badRequest, forbidden } from '../platform/errors';
import { scopeRoots } from '../platform/scope';
import type { Caller, Actor } from '../platform/caller';
import { INVENTORY_ORG_SLUG, locationInScope } from '../zones';
import { noteStationInventory } from '../stations';
import { auditSnapshot, patchConfig, tagInScope, type TagRow } from './tag-rows';

// SPEC §4 Tag batch operations through SPEC §7's bulk PUT tags. What each does is in
// docs/API.md; eligibility is the domain's `tagBatchOperations`, re-checked here on the stored rows.

type Json = Record<string, unknown>;
const objectOf = (v: unknown): Json =>
  typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Json) : {};

/** What a batch reads of a tag. */
type BatchRow = Pick<TagRow, 'id' | 'orgId' | 'zoneId' | 'config' | 'state'>;

function candidateOf(row: BatchRow): TagBatchCandidate {
  const state = objectOf(row.state);
  const level = objectOf(objectOf(state.battery).current).level;
  return {
    state: row.config.state as TagConfigState,
    orgId: row.orgId,
    appFirmware: objectOf(state.firmware).app as TagBatchCandidate['appFirmware'],
    batteryMv: typeof level === 'number' ? level : null,
    collectionReason: (objectOf(row.config.collection).reason ?? null) as CollectionReason | null,
  };
}

/** Why a selection may not take an operation (SPEC §4), named in the 400 with the tags concerned. */
const INELIGIBLE_REASONS: Record<TagBatchOperation, string> = {
  transfer: 'Only available tags can be transferred',
  preassign: 'Only available tags of one organisation can be preassigned',
  label: 'Only available tags of one organisation can be labelled',
  unreserve: 'Only reserved tags can be unreserved',
  transfer_inv: 'Only available, lost or ready_for_return tags can go back to inventory',
  mark_lost: 'These tags cannot be marked lost',
  maint_toggle: 'Maintenance mode cannot be changed for these tags',
  resp_toggle: 'Responder mode needs app firmware 51 or later on every tag',
  unflag: 'Unflag needs collection reason tag_replaced and a battery above 2800 mV on every tag',
};

/** The args each operation takes; any other is refused. */
const ARGS_OF: Record<TagBatchOperation, readonly string[]> = {
  transfer: ['zone'],
  preassign: ['zone', 'owner'],
  label: ['label'],
  unreserve: [],
  transfer_inv: [],
  mark_lost: [],
  maint_toggle: ['maintMode'],
  resp_toggle: ['responder'],
  unflag: [],
};

function permissionsOf(caller: Caller): TagBatchPermissions {
  return {
    canUpdateMaintMode: caller.ability.can('update', 'Tag', 'maintMode'),
    canBulkUnflag: caller.ability.can('update', 'Tag', 'bulkUnflag'),
  };
}

const list = (ids: string[]) =>
  `${ids.slice(0, 20).join(', ')}${ids.length > 20 ? ` and ${ids.length - 20} more` : ''}`;

/** 400 naming the tags an operation may not take (nothing is written); 403 for a missing permission. */
function assertEligible(rows: BatchRow[], op: TagBatchOperation, permissions: TagBatchPermissions): void {
  if (op === 'maint_toggle' && !permissions.canUpdateMaintMode)
    throw forbidden('Not allowed to update Tag maintMode');
  if (op === 'unflag' && !permissions.canBulkUnflag) throw forbidden('Not allowed to update Tag bulkUnflag');
  const candidates = rows.map(candidateOf);
  if (tagBatchOperations(candidates, permissions).includes(op)) return;
  const single = rows.filter((_, i) => !tagBatchOperations([candidates[i]!], permissions).includes(op));
  // A selection can fail as a whole (two organisations) while each tag alone would pass.
  const ineligible = (single.length ? single : rows).map((r) => r.id);
  throw new HttpError(400, `${INELIGIBLE_REASONS[op]}: ${list(ineligible)}`, 'ineligible', 'ids', {
    ineligible,
  });
}

function assertArgs(body: TagBulkBody): void {
  const allowed = ARGS_OF[body.op];
  for (const [key, value] of Object.entries(body.args)) {
    if (value !== undefined && !allowed.includes(key))
      throw badRequest(`${body.op} takes no ${key}`, `args.${key}`);
  }
  if ((body.op === 'transfer' || body.op === 'preassign') && !body.args.zone)
    throw badRequest(`${body.op} needs a zone`, 'args.zone');
  if (body.op === 'label' && body.args.label === undefined)
    throw badRequest('label needs a label (null clears it)', 'args.label');
}

/** The tags of `ids` inside the scope, locked, read as one JSON value (cheaper than 500 rows on PGlite). */
async function lockRows(db: Db, ids: string[], inScope: SQL): Promise<BatchRow[]> {
  const result = (await db.execute(sql`
    select json_agg(json_build_object('id', t.id, 'orgId', t.org_id, 'zoneId', t.zone_id,
      'config', t.config, 'state', t.state) order by t.id)::text as rows
    from (
      select * from ${tags} where ${tags.id} = any(${jsonArray(ids)})
        and ${inScope}
      order by ${tags.id} for update
    ) t`)) as unknown as { rows: { rows: string | null }[] };
  return JSON.parse(result.rows[0]?.rows ?? '[]') as BatchRow[];
}

type Placement = { orgId?: string; zoneId?: string | null };

/**
 * A transfer's target: a zone (an organisation or a place in one) that the caller's own grants
 * reach, whatever organisation the request selected. Unknown and unreachable zones look alike.
 */
async function transferTarget(db: Db, caller: Caller, zoneId: string): Promise<Placement> {
  const refused = badRequest('Choose a zone you may see to transfer to', 'args.zone');
  const [target] = await db.select().from(zones).where(eq(zones.id, zoneId)).limit(1);
  const orgId = target?.level === 'org' ? target.id : target?.path[1];
  if (!target || !orgId || target.level === 'root') throw refused;
  const [org] = await db.select().from(zones).where(eq(zones.id, orgId)).limit(1);
  const peers = caller.peers.length
    ? await db.select({ id: zones.id, path: zones.path }).from(zones).where(inArray(zones.id, caller.peers))
    : [];
  const roots = scopeRoots(org!, [{ id: caller.zone.id, path: caller.zone.path }, ...peers]);
  if (!roots.some((root) => target.path.includes(root))) throw refused;
  return { orgId, zoneId: target.level === 'org' ? null : target.id };
}

async function inventoryOrg(db: Db): Promise<Placement> {
  const [org] = await db
    .select({ id: zones.id })
    .from(zones)
    .where(and(eq(zones.slug, INVENTORY_ORG_SLUG), eq(zones.level, 'org')))
    .limit(1);
  if (!org) throw badRequest('There is no inventory organisation to transfer to', 'op');
  return { orgId: org.id, zoneId: null };
}

/** Config keys that belong to the organisation holding a tag, dropped when it changes hands. */
const ORG_BOUND = { location: null, station: null, invoiceZone: null };

/** The new config of one tag under `op` (SPEC §4 flows from the domain for state changes). */
function nextConfig(row: BatchRow, body: TagBulkBody, place: Placement): Json {
  const { args } = body;
  const config = row.config;
  switch (body.op) {
    case 'transfer':
      return patchConfig(config, { ...ORG_BOUND, location: place.zoneId ?? null });
    case 'preassign':
      return patchConfig(config, {
        state: 'reserved',
        location: place.zoneId,
        ...(args.owner ? { owner: args.owner } : {}),
      });
    case 'label':
      return patchConfig(config, { label: args.label });
    case 'unreserve':
      return patchConfig(config, tagRestoreUpdate());
    case 'transfer_inv':
      // Back to stock "as returned": like an invalidation (owner and label cleared), state returned.
      return patchConfig(config, { ...ORG_BOUND, owner: null, label: null, state: 'returned' });
    case 'mark_lost':
      return patchConfig(config, tagInvalidationUpdate('lost'));
    case 'maint_toggle':
      return patchConfig(config, { maintMode: args.maintMode ?? config.maintMode !== true });
    case 'resp_toggle': {
      const responder = args.responder ?? config.mode !== 'responder';
      return patchConfig(config, { mode: responder ? 'responder' : 'standard' });
    }
    case 'unflag':
      return patchConfig(config, { collection: null });
  }
}

/**
 * SPEC §7 bulk PUT tags {ids ≤ 500, op, args}: the rows are locked, eligibility re-checked (400 naming
 * the ineligible or unknown tags, nothing written), then one UPDATE for the whole selection, one
 * audit entry per changed tag and one batch operations row, in one transaction.
 */
export async function bulkUpdateTags(db: Db, actor: Actor, body: TagBulkBody): Promise<BulkResult> {
  const caller = actor.caller;
  const ids = [...new Set(body.ids)];
  assertArgs(body);
  return db.transaction(async (txn) => {
    const tx = txn as unknown as Db;
    const rows = await lockRows(tx, ids, tagInScope(caller.scope));
    assertAllFound(ids, rows);
    assertEligible(rows, body.op, permissionsOf(caller));

    const place = await placementOf(tx, caller, body);

    const now = new Date();
    const changed = changesOf(rows, body, place);
    if (changed.length > 0) {
      // One statement for the selection and its audit entries (500 tags in one round trip; on
      // PGlite a parameter or a row each would cost more than the work). The rows are locked above.
      await tx.execute(sql`with x as (
          select * from ${jsonRecordset(changed, 'id text, config jsonb, before jsonb', 'x')}
        ), updated as (
          update ${tags} t set
            config = x.config,
            org_id = coalesce(${place.orgId ?? null}::uuid, t.org_id),
            zone_id = case when ${place.zoneId !== undefined}::boolean then ${place.zoneId ?? null}::uuid else t.zone_id end,
            updated_at = ${now.toISOString()}::timestamptz
          from x where t.id = x.id
          returning t.id, t.org_id, t.zone_id, t.config
        )
        insert into ${auditLog} (request_id, actor, org_id, entity, entity_id, action, before, after)
        select ${actor.requestId}, ${caller.id}, (x.before->>'orgId')::uuid, 'tag', u.id, ${body.op}, x.before,
          jsonb_build_object('id', u.id, 'orgId', u.org_id, 'zoneId', u.zone_id, 'config', u.config)
        from updated u join x on x.id = u.id`);
    }
    await noteStationInventory(
      tx,
      rows.map((r) => r.config.station),
    );
    const batchId = await logBatch(tx, actor, body, rows, now);
    return { batchId, count: rows.length };
  });
}

function assertAllFound(ids: string[], rows: BatchRow[]): void {
  const found = new Set(rows.map((r) => r.id));
  const missing = ids.filter((id) => !found.has(id));
  if (missing.length > 0) {
    throw new HttpError(400, `Tags not found: ${list(missing)}`, 'not_found', 'ids', {
      ineligible: missing,
    });
  }
}

/** Where a transfer, a move to inventory or a pre-assignment puts the tags; nothing for other operations. */
async function placementOf(tx: Db, caller: Caller, body: TagBulkBody): Promise<Placement> {
  if (body.op === 'transfer') return transferTarget(tx, caller, body.args.zone!);
  if (body.op === 'transfer_inv') return inventoryOrg(tx);
  if (body.op === 'preassign') return { zoneId: await locationInScope(tx, caller.scope, body.args.zone) };
  return {};
}

/** The tags the operation changes, with their new config and their audit snapshot before it. */
function changesOf(rows: BatchRow[], body: TagBulkBody, place: Placement) {
  const changed: { id: string; config: Json; before: Json }[] = [];
  for (const row of rows) {
    const config = nextConfig(row, body, place);
    const after = {
      id: row.id,
      orgId: place.orgId ?? row.orgId,
      zoneId: place.zoneId !== undefined ? place.zoneId : row.zoneId,
      config,
    };
    const before = auditSnapshot(row);
    if (JSON.stringify(after) !== JSON.stringify(before)) changed.push({ id: row.id, config, before });
  }
  return changed;
}

/** The batch log's entry (/log/batch) of this run. */
async function logBatch(
  tx: Db,
  actor: Actor,
  body: TagBulkBody,
  rows: BatchRow[],
  now: Date,
): Promise<string> {
  const { caller } = actor;
  const [batch] = await tx
    .insert(batchOperations)
    .values({
      orgId: caller.org.id,
      requestId: actor.requestId,
      actor: { id: caller.id, name: caller.name },
      subject: 'Tag',
      op: body.op,
      args: body.args as Json,
      ids: rows.map((r) => r.id),
      count: rows.length,
      at: now,
    })
    .returning({ id: batchOperations.id });
  return batch!.id;
}
