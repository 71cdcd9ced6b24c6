import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { LOGISTICS_ORG_SLUGS, type OrderCustomersAnswer } from '@vigil/domain';
import type { Db } from '../platform/db/client';
import type { Caller } from '../platform/caller';
import { zones } from '../db/schema';
import { badRequest } from '../platform/errors';
import { UUID_RE } from '../platform/db/checks';

// Issue 22: an order (and a recipient) is for a customer organisation, a zone of level org that the
// caller's own grants reach, as a tag transfer's target (tags/bulk-update-tags.ts): its zone and
// peers inside that organisation, or above it (internal staff placed at the root reach every one).
// The warehouse (SPEC §6 logistics org smpwarehouse) ships to every customer: its callers reach
// every organisation but the logistics ones, without any grant in them (docs/WAREHOUSE.md).

const WAREHOUSE_ORG_SLUG = 'smpwarehouse';

/** Which organisations the caller's grants reach: every one, every customer, or these ids. */
async function reach(db: Db, caller: Caller): Promise<'all' | 'customers' | string[]> {
  if (caller.org.slug === WAREHOUSE_ORG_SLUG) return 'customers';
  const peers = caller.peers.length
    ? await db
        .select({ level: zones.level, path: zones.path })
        .from(zones)
        .where(inArray(zones.id, caller.peers))
    : [];
  const granted = [{ level: caller.zone.level, path: caller.zone.path }, ...peers];
  if (granted.some((zone) => zone.level === 'root')) return 'all';
  // A zone's path runs from the root: its second id is its organisation.
  return [...new Set(granted.flatMap((zone) => (zone.path[1] ? [zone.path[1]] : [])))];
}

function reachSql(ids: 'all' | 'customers' | string[]) {
  if (ids === 'all') return eq(zones.level, 'org');
  if (ids === 'customers') {
    return and(
      eq(zones.level, 'org'),
      sql`coalesce(${zones.slug}, '') <> all(${`{${LOGISTICS_ORG_SLUGS.join(',')}}`}::text[])`,
    );
  }
  return ids.length ? and(eq(zones.level, 'org'), inArray(zones.id, ids)) : sql`false`;
}

/** GET /api/orders/customers: the organisations the caller may order for, by name. */
export async function listCustomers(db: Db, caller: Caller): Promise<OrderCustomersAnswer> {
  const rows = await db
    .select({ id: zones.id, name: zones.name })
    .from(zones)
    .where(reachSql(await reach(db, caller)))
    .orderBy(asc(zones.name), asc(zones.id));
  return { data: rows };
}

/** The customer organisation named by a body; unknown and unreachable ones are refused alike (400). */
export async function customerOrg(db: Db, caller: Caller, id: string, field = 'customerOrgId') {
  const refused = badRequest('Choose a customer organisation you may see', field);
  if (!UUID_RE.test(id)) throw refused;
  const [row] = await db
    .select({ id: zones.id, name: zones.name })
    .from(zones)
    .where(and(eq(zones.id, id), reachSql(await reach(db, caller))))
    .limit(1);
  if (!row) throw refused;
  return row;
}
