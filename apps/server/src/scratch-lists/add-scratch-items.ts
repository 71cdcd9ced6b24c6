import { sql } from 'drizzle-orm';
import { readScratchId, type ScratchListAddResult, type ScratchListKind } from '@vigil/domain';
import type { Caller } from '../platform/caller';
import type { Db } from '../platform/db/client';
import { scratchListItems } from '../db/schema';
import { knownIdsSql } from './scratch-devices';

/**
 * POST /api/scratch-lists/{kind} {ids}: each entry read as SPEC §5 reads a MAC or a QR code, and the
 * devices of the caller's scope among them added in one statement. An entry already on the list is
 * left as it was; one that is no device of the scope is answered in `unknown`, as sent, and not kept.
 */
export async function addScratchItems(
  db: Db,
  caller: Caller,
  kind: ScratchListKind,
  entries: string[],
): Promise<ScratchListAddResult> {
  const idOf = new Map<string, string>();
  for (const entry of entries) {
    const read = readScratchId(entry);
    if (read.ok && !idOf.has(entry)) idOf.set(entry, read.value);
  }
  const ids = [...new Set(idOf.values())];
  const known = new Set<string>();
  let added = 0;
  if (ids.length > 0) {
    // The one list row of (owner, kind, device) moves to this organisation if it was kept in another
    // (a super admin's list of a device that changed hands): on this list it is new.
    const result = (await db.execute(sql`
      with known as (${knownIdsSql(kind, caller.scope, ids)}),
      inserted as (
        insert into ${scratchListItems} (org_id, owner, kind, device_id)
        select ${caller.org.id}::uuid, ${caller.id}, ${kind}, known.id from known
        on conflict (owner, kind, device_id) do update
          set org_id = excluded.org_id, added_at = excluded.added_at
          where ${scratchListItems.orgId} <> excluded.org_id
        returning 1
      )
      select coalesce((select json_agg(id) from known), '[]')::text as known,
        (select count(*) from inserted)::int as added`)) as unknown as {
      rows: { known: string; added: number }[];
    };
    const row = result.rows[0]!;
    for (const id of JSON.parse(row.known) as string[]) known.add(id);
    added = Number(row.added);
  }
  const unknown = [...new Set(entries)].filter((entry) => {
    const id = idOf.get(entry);
    return id === undefined || !known.has(id);
  });
  return { added, already: known.size - added, unknown };
}
