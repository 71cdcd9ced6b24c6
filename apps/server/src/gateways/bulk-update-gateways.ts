import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import {
  gatewayBatchOperations,
  type GatewayBatchCandidate,
  type GatewayBulkBody,
  type GatewayConfigState,
} from '@vigil/domain';
import type { Db } from '../platform/db/client';
import { jsonRecordset } from '../platform/db/json-params';
import { batchOperations, gatewayCommands, gateways, zones } from '../db/schema';
import { HttpError, badRequest, forbidden } from '../platform/errors';
import { writeAudits, type AuditEntry } from '../platform/audit';
import { loadOrgBySlug } from '../platform/organisations';
import { scopeRoots } from '../platform/scope';
import type { Caller, Actor } from '../platform/caller';
import { INVENTORY_ORG_SLUG } from '../zones';

import type { Config, GatewayRow } from './gateway-rows';
import { actorRefOf, gatewayInScope, objectOf } from './gateway-rows';
import { withoutPlace } from './update-gateway';

function candidateOf(row: GatewayRow, orgSlug: string | null): GatewayBatchCandidate {
  const config = row.config;
  return {
    state: (typeof config.state === 'string' ? config.state : 'unknown') as GatewayConfigState,
    org: orgSlug,
    sku: (objectOf(config.logistics).sku as string | undefined) ?? null,
  };
}

/**
 * A transfer's target organisation, named by its slug (`args.org`) or by any zone inside it
 * (`args.zone`): one the caller holds as a whole through its zone or peers.
 */
async function transferTarget(db: Db, caller: Caller, args: GatewayBulkBody['args']) {
  const choose = () =>
    badRequest('Choose the organisation to transfer to', args.org ? 'args.org' : 'args.zone');
  let target: typeof zones.$inferSelect | undefined;
  if (args.org) target = await loadOrgBySlug(db, args.org);
  else if (args.zone) {
    const [zone] = await db.select().from(zones).where(eq(zones.id, args.zone)).limit(1);
    const orgId = zone?.level === 'org' ? zone.id : zone?.path[1];
    if (orgId) [target] = await db.select().from(zones).where(eq(zones.id, orgId)).limit(1);
  }
  if (!target || target.level !== 'org') throw choose();
  if (target.id === caller.org.id) throw badRequest('The gateways are in that organisation already', 'args');
  const peers = caller.peers.length
    ? await db.select({ id: zones.id, path: zones.path }).from(zones).where(inArray(zones.id, caller.peers))
    : [];
  const roots = scopeRoots(target, [{ id: caller.zone.id, path: caller.zone.path }, ...peers]);
  if (!roots.includes(target.id)) throw forbidden('You may not transfer gateways to that organisation');
  return target;
}

/**
 * SPEC §7 bulk PUT gateways {ids ≤ 500, op, args}: SPEC §4's gateway batch operations, re-checked
 * here with the domain's `gatewayBatchOperations` (400 naming the ineligible gateways, nothing
 * written), applied in one transaction with an audit row per gateway and a batch log row.
 */
export async function bulkUpdateGateways(db: Db, actor: Actor, body: GatewayBulkBody) {
  const caller = actor.caller;
  const ids = [...new Set(body.ids)];
  return db.transaction(async (txn) => {
    const tx = txn as unknown as Db;
    const rows = await lockSelection(tx, caller, ids);
    assertEligible(rows, caller.org.slug, body.op);
    const now = new Date();
    const orgId = await targetOrgId(tx, caller, body);
    const { changed, audits } = changesOf(rows, body.op, orgId);
    // One statement for the whole selection; the rows are locked above, so no heartbeat interleaves.
    const clearPlace = !!orgId || body.op === 'mark_lost';
    await tx.execute(sql`update ${gateways} g set
        config = x.config,
        state = coalesce(x.state, g.state),
        org_id = coalesce(${orgId ?? null}::uuid, g.org_id),
        zone_id = case when ${clearPlace}::boolean then null else g.zone_id end,
        updated_at = ${now.toISOString()}::timestamptz
      from ${jsonRecordset(changed, 'id text, config jsonb, state jsonb', 'x')}
      where g.id = x.id`);
    if (body.op === 'clear_diag_info') {
      await tx.insert(gatewayCommands).values(
        rows.map((r) => ({
          orgId: r.orgId,
          gatewayId: r.id,
          type: 'clear_diag_info',
          payload: {},
          actor: actorRefOf(caller),
        })),
      );
    }
    await writeAudits(tx, actor, audits);
    const batchId = await logBatch(tx, actor, body, rows, now);
    return { batchId, count: rows.length };
  });
}

/** The selected gateways in the caller's scope, locked in id order; any other id refuses the batch. */
async function lockSelection(tx: Db, caller: Caller, ids: string[]): Promise<GatewayRow[]> {
  const rows = await tx
    .select()
    .from(gateways)
    .where(and(inArray(gateways.id, ids), gatewayInScope(caller.scope)))
    .orderBy(asc(gateways.id))
    .for('update');
  const found = new Set(rows.map((r) => r.id));
  const missing = ids.filter((id) => !found.has(id));
  if (missing.length > 0) {
    throw new HttpError(400, `Gateways not found: ${missing.slice(0, 20).join(', ')}`, 'not_found', 'ids', {
      ineligible: missing,
    });
  }
  return rows;
}

/** SPEC §5: the operation must be offered for the whole selection; else the gateways it is not offered for. */
function assertEligible(rows: GatewayRow[], slug: string | null, op: GatewayBulkBody['op']): void {
  const offered = gatewayBatchOperations(
    rows.map((r) => candidateOf(r, slug)),
    INVENTORY_ORG_SLUG,
  );
  if (offered.includes(op)) return;
  const ineligible = rows
    .filter((r) => !gatewayBatchOperations([candidateOf(r, slug)], INVENTORY_ORG_SLUG).includes(op))
    .map((r) => r.id);
  throw new HttpError(
    400,
    `${op} is not allowed for ${ineligible.length === 1 ? 'gateway' : 'gateways'} ${ineligible.slice(0, 20).join(', ')}`,
    'ineligible',
    'ids',
    { ineligible },
  );
}

/** The organisation a transfer moves the gateways to, if the operation is one. */
async function targetOrgId(tx: Db, caller: Caller, body: GatewayBulkBody): Promise<string | undefined> {
  if (body.op === 'transfer') return (await transferTarget(tx, caller, body.args)).id;
  if (body.op === 'transfer_inv') {
    const inventory = await loadOrgBySlug(tx, INVENTORY_ORG_SLUG);
    if (!inventory) throw badRequest('There is no inventory organisation to transfer to', 'op');
    return inventory.id;
  }
  return undefined;
}

/** Each gateway's new configuration and state, and its audit entry. */
function changesOf(rows: GatewayRow[], op: GatewayBulkBody['op'], orgId: string | undefined) {
  const audits: AuditEntry[] = [];
  const changed = rows.map((row) => {
    let config: Config = row.config;
    let state: Config | undefined;
    if (orgId) config = withoutPlace(config);
    if (op === 'mark_lost') config = { ...withoutPlace(config), state: 'lost' };
    if (op === 'clear_diag_info') {
      const { diagnostics: _d, neighbors: _n, ...rest } = row.state;
      state = rest;
    }
    audits.push({
      entity: 'gateway',
      entityId: row.id,
      action: op,
      before: { orgId: row.orgId, config: row.config },
      after: { orgId: orgId ?? row.orgId, config },
    });
    return { id: row.id, config, state };
  });
  return { changed, audits };
}

/** The batch log's entry (/log/batch) of this run. */
async function logBatch(
  tx: Db,
  actor: Actor,
  body: GatewayBulkBody,
  rows: GatewayRow[],
  now: Date,
): Promise<string> {
  const [batch] = await tx
    .insert(batchOperations)
    .values({
      orgId: actor.caller.org.id,
      requestId: actor.requestId,
      actor: actorRefOf(actor.caller),
      subject: 'Gateway',
      op: body.op,
      args: body.args,
      ids: rows.map((r) => r.id),
      count: rows.length,
      at: now,
    })
    .returning({ id: batchOperations.id });
  return batch!.id;
}
