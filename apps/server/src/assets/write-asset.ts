import { and, eq } from 'drizzle-orm';
import type { AssetCreate, AssetDetail, AssetPatch } from '@vigil/domain';
import type { Db } from '../platform/db/client';
import { assets, tags } from '../db/schema';
import { conflict, notFound } from '../platform/errors';
import { writeAudit } from '../platform/audit';
import type { Actor } from '../platform/caller';
import { isUniqueViolation } from '../platform/db/checks';
import { locatedInScope } from '../platform/scope-sql';
import { locationInScope } from '../zones';
import { auditView, findAsset } from './asset-rows';
import { ASSET_NOT_FOUND, assetDetail } from './get-asset';

// SPEC §7 PATCH assets/{id} {notes, status}; POST and DELETE for an administrator (issue 20). Each
// write and its audit entry land in one transaction.

export const TAG_TAKEN = 'This tag is already on another asset';

/** PATCH /api/assets/{id}: the notes and status sent replace the stored ones. */
export async function patchAsset(
  db: Db,
  actor: Actor,
  id: string,
  body: AssetPatch,
): Promise<{ data: AssetDetail }> {
  const { caller } = actor;
  return db.transaction(async (txn) => {
    const tx = txn as unknown as Db;
    const before = await findAsset(tx, caller.scope, id, true);
    if (!before) throw notFound(ASSET_NOT_FOUND);
    const [row] = await tx
      .update(assets)
      .set({ notes: body.notes ?? before.notes, status: body.status ?? before.status, updatedAt: new Date() })
      .where(eq(assets.id, before.id))
      .returning();
    await writeAudit(tx, actor, {
      entity: 'asset',
      entityId: before.id,
      action: 'update',
      before: auditView(before),
      after: auditView(row!),
    });
    return { data: await assetDetail(tx, caller, row!) };
  });
}

/** POST /api/assets: the tag must be one of the caller's organisation and zones, on no other asset. */
export async function createAsset(db: Db, actor: Actor, body: AssetCreate): Promise<{ data: AssetDetail }> {
  const { caller } = actor;
  try {
    return await db.transaction(async (txn) => {
      const tx = txn as unknown as Db;
      const [tag] = await tx
        .select({ id: tags.id })
        .from(tags)
        .where(and(eq(tags.id, body.tagId), locatedInScope(caller.scope, tags.zoneId, tags.orgId)));
      if (!tag) throw notFound('Tag not found');
      const zoneId = await locationInScope(tx, caller.scope, body.zoneId);
      const [row] = await tx
        .insert(assets)
        .values({
          orgId: caller.org.id,
          zoneId,
          name: body.name,
          tagId: tag.id,
          status: body.status ?? '',
          notes: body.notes ?? '',
        })
        .returning();
      await writeAudit(tx, actor, {
        entity: 'asset',
        entityId: row!.id,
        action: 'create',
        after: auditView(row!),
      });
      return { data: await assetDetail(tx, caller, row!) };
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(TAG_TAKEN, 'tag_taken');
    throw err;
  }
}

/** DELETE /api/assets/{id}: the asset goes; its tag stays. */
export async function deleteAsset(db: Db, actor: Actor, id: string): Promise<void> {
  const { caller } = actor;
  await db.transaction(async (txn) => {
    const tx = txn as unknown as Db;
    const before = await findAsset(tx, caller.scope, id, true);
    if (!before) throw notFound(ASSET_NOT_FOUND);
    await tx.delete(assets).where(eq(assets.id, before.id));
    await writeAudit(tx, actor, {
      entity: 'asset',
      entityId: before.id,
      action: 'delete',
      before: auditView(before),
    });
  });
}
