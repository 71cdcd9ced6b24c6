import { and, eq } from 'drizzle-orm';
import type { ScratchListKind, ScratchListRemoveResult } from '@vigil/domain';
import type { Caller } from '../platform/caller';
import type { Db } from '../platform/db/client';
import { notFound } from '../platform/errors';
import { scratchListItems } from '../db/schema';
import { ownList } from './list-scratch-items';

/** DELETE /api/scratch-lists/{kind}/{deviceId}: the device leaves the caller's list; 404 when not on it. */
export async function removeScratchItem(
  db: Db,
  caller: Caller,
  kind: ScratchListKind,
  deviceId: string,
): Promise<ScratchListRemoveResult> {
  const removed = await db
    .delete(scratchListItems)
    .where(and(ownList(caller, kind), eq(scratchListItems.deviceId, deviceId)))
    .returning({ id: scratchListItems.id });
  if (removed.length === 0) throw notFound('This device is not on your list');
  return { removed: removed.length };
}

/** DELETE /api/scratch-lists/{kind}: the caller's list of this organisation is emptied. */
export async function clearScratchList(
  db: Db,
  caller: Caller,
  kind: ScratchListKind,
): Promise<ScratchListRemoveResult> {
  const removed = await db
    .delete(scratchListItems)
    .where(ownList(caller, kind))
    .returning({ id: scratchListItems.id });
  return { removed: removed.length };
}
