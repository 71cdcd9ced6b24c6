import type { Db } from '../platform/db/client';
import { tags } from '../db/schema';
import { runList } from '../platform/list/list';
import { TtlCache } from '../platform/ttl-cache';
import { type Scope } from '../platform/scope';
import { locationNamesOf, pickLocation } from '../zones';

// SPEC §3 Tag, §4 flows, §7 Devices.

import { tagListRequest } from './tag-list-spec';
import type { Json, TagRow } from './tag-rows';
import { toTag } from './tag-rows';

/**
 * Totals from this many rows are kept for a few seconds per query and scope: a CSV download of
 * 100,000 tags asks for 200 pages with the same filter, and each exact count costs a scan.
 */
const TOTAL_CACHE_MIN = 10_000;
const tagTotals = new TtlCache<number>(10_000);

/** GET /api/tags (SPEC §7): list contract, `ownerFields`, `locationFields`, `zone`; docs/API.md. */
export async function listTags(db: Db, scope: Scope, query: Json) {
  const req = tagListRequest(scope, query);
  const page = await runList<TagRow>(db, tags, req.spec, req.parsed, req.where, {
    idsFirst: true,
    totalCache: { cache: tagTotals, min: TOTAL_CACHE_MIN },
    countInPage: req.parsed.terms.length > 0,
  });
  const names = req.locationFields.length
    ? await locationNamesOf(
        db,
        page.data.map((t) => t.zoneId),
      )
    : undefined;
  return {
    ...page,
    data: page.data.map((t) =>
      toTag(
        t,
        names ? pickLocation(t.zoneId ? names.get(t.zoneId) : undefined, req.locationFields) : undefined,
      ),
    ),
  };
}
