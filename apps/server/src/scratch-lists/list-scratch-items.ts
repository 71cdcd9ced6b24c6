import { and, eq, type SQL } from 'drizzle-orm';
import type { ScratchGatewayItem, ScratchListKind, ScratchTagItem } from '@vigil/domain';
import type { Caller } from '../platform/caller';
import type { Db } from '../platform/db/client';
import { parseListQueryOrThrow, runList, type ListPage, type ListSpec } from '../platform/list/list';
import { scratchListItems } from '../db/schema';
import { devicesById } from './scratch-devices';

/** GET /api/scratch-lists/{kind}: the list contract on the caller's entries; `query` searches the ids. */
export const SCRATCH_LIST_SPEC: ListSpec = {
  fields: {},
  sortable: { addedAt: scratchListItems.addedAt, id: scratchListItems.deviceId },
  defaultOrder: '-addedAt',
  idColumn: scratchListItems.deviceId,
  search: [scratchListItems.deviceId],
};

/** The caller's own list of a kind, in the organisation the request selected. */
export function ownList(caller: Caller, kind: ScratchListKind): SQL {
  return and(
    eq(scratchListItems.orgId, caller.org.id),
    eq(scratchListItems.owner, caller.id),
    eq(scratchListItems.kind, kind),
  )!;
}

/**
 * One page of the caller's list (newest first by default), each id with its device as the tags or
 * gateways list shows it, or `missing` when the caller's organisation and zones hold no such device.
 */
export function listScratchItems(
  db: Db,
  caller: Caller,
  kind: 'tag',
  query: Record<string, unknown>,
): Promise<ListPage<ScratchTagItem>>;
export function listScratchItems(
  db: Db,
  caller: Caller,
  kind: 'gateway',
  query: Record<string, unknown>,
): Promise<ListPage<ScratchGatewayItem>>;
export async function listScratchItems(
  db: Db,
  caller: Caller,
  kind: ScratchListKind,
  query: Record<string, unknown>,
): Promise<ListPage<ScratchTagItem | ScratchGatewayItem>> {
  const parsed = parseListQueryOrThrow(query, SCRATCH_LIST_SPEC);
  const page = await runList(db, scratchListItems, SCRATCH_LIST_SPEC, parsed, ownList(caller, kind));
  const devices = await devicesById(
    db,
    kind,
    caller.scope,
    page.data.map((item) => item.deviceId),
  );
  return {
    ...page,
    data: page.data.map((item) => {
      const device = devices.get(item.deviceId) ?? null;
      // `devices` holds the kind's devices only: a tag for a tag list, a gateway for a gateway list.
      const entry = { id: item.deviceId, addedAt: item.addedAt.toISOString(), missing: !device, device };
      return entry as ScratchTagItem | ScratchGatewayItem;
    }),
  };
}
