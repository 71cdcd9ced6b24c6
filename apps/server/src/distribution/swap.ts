import { tagSwapRefusal, type TagSwapBody, type TagSwapResult } from '@vigil/domain';
import type { Db } from '../platform/db/client';
import type { Actor } from '../platform/caller';
import { conflict, notFound } from '../platform/errors';
import { getStation } from '../stations';
import { findTag, updateTag } from '../tags';

/**
 * POST /api/distribution-station/{id}/swap (issue 21, current tags): the person hands back one tag
 * (ready_for_return, or lost: owner and label cleared, SPEC §4) and takes another (deployed to them
 * at this station), in one transaction: both change or neither. Both tags are locked first, in id
 * order; refused (409) when the tag to return is not deployed to them or the tag to take is not on
 * the shelf (domain tagSwapRefusal); 404 for a tag outside the caller's zones.
 */
export async function swapTags(
  db: Db,
  actor: Actor,
  stationId: string,
  body: TagSwapBody,
): Promise<TagSwapResult> {
  const { scope } = actor.caller;
  const station = await getStation(db, scope, stationId);
  return db.transaction(async (txn) => {
    const tx = txn as unknown as Db;
    const locked = new Map<string, Awaited<ReturnType<typeof findTag>>>();
    for (const id of [body.returnTag, body.activateTag].sort()) {
      if (!locked.has(id)) locked.set(id, await findTag(tx, scope, id, true));
    }
    const giving = locked.get(body.returnTag);
    const taking = locked.get(body.activateTag);
    if (!giving) throw notFound(`Tag ${body.returnTag} not found`);
    if (!taking) throw notFound(`Tag ${body.activateTag} not found`);
    const owner = (giving.config.owner ?? null) as { personId?: string | null } | null;
    const refusal = tagSwapRefusal({
      returnTag: { id: giving.id, state: stateOf(giving.config), personId: owner?.personId ?? null },
      activateTag: { id: taking.id, state: stateOf(taking.config) },
      personId: body.owner.personId ?? null,
    });
    if (refusal) throw conflict(refusal, 'swap_refused');
    const returned = await updateTag(tx, actor, giving.id, {
      state: body.returnState,
      owner: null,
      label: null,
    });
    const activated = await updateTag(tx, actor, taking.id, {
      state: 'deployed',
      owner: body.owner,
      station: station.id,
    });
    return { returned, activated };
  });
}

const stateOf = (config: Record<string, unknown>) => (typeof config.state === 'string' ? config.state : null);
