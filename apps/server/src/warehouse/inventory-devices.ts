import { sql, type SQL } from 'drizzle-orm';
import {
  INVENTORY_DEVICES_LIMIT,
  type DeviceKind,
  type InventoryDevice,
  type InventoryDevicesAnswer,
  type InventoryDevicesQuery,
} from '@vigil/domain';
import type { Db } from '../platform/db/client';
import { loadLogisticsOrgs } from './devices';
import { loadGroups, placeOfGroup, type Group } from './inventory';

// Issue 22 GET /api/warehouse/inventory/devices (docs/WAREHOUSE.md "Inventory"): a count opens its
// devices. The count's SKU, state and organisation narrow the groups in SQL; the groups whose place
// (placeOfKey) is the count's are then listed, by id, at most INVENTORY_DEVICES_LIMIT.

type DeviceRow = {
  id: string;
  kind: DeviceKind;
  state: string | null;
  sku: string | null;
  box: string | null;
  order_number: string | null;
};

/** The count's SKU and state ('' for none), as a condition on a tags or gateways row. */
const countKeys = (query: InventoryDevicesQuery): SQL =>
  sql`coalesce(config->'logistics'->>'sku', '') = ${query.sku}
    and coalesce(config->>'state', '') = ${query.state}`;

/** The rows of one group: the same box set, order set and inspection (its place's other keys). */
const groupKeys = (group: Group): SQL =>
  sql`(((config->'logistics'->>'barcode') is not null) = ${group.in_box}::boolean
    and ((config->'logistics'->>'order') is not null) = ${group.on_order}::boolean
    and (config->'logistics'->'inspection'->>'verdict') is not distinct from ${group.inspection}::text)`;

/** A table's devices of the count: in its organisation, with its SKU and state, in one of `groups`. */
function devicesSql(
  table: 'tags' | 'gateways',
  kind: DeviceKind,
  orgId: string,
  query: InventoryDevicesQuery,
  groups: readonly Group[],
) {
  const ofKind = groups.filter((group) => group.kind === kind);
  const inGroups = ofKind.length ? sql.join(ofKind.map(groupKeys), sql` or `) : sql`false`;
  return sql`
    select id, ${kind} as kind, config->>'state' as state, config->'logistics'->>'sku' as sku,
      config->'logistics'->>'barcode' as box, config->'logistics'->>'order' as order_number
    from ${sql.identifier(table)}
    where org_id = ${orgId}::uuid and ${countKeys(query)} and (${inGroups})`;
}

function toDevice(
  row: DeviceRow,
  query: InventoryDevicesQuery,
  place: InventoryDevice['place'],
): InventoryDevice {
  const order = Number(row.order_number);
  return {
    id: row.id,
    kind: row.kind,
    sku: row.sku ?? '',
    state: row.state ?? '',
    location: query.location,
    place,
    box: row.box,
    order: row.order_number !== null && Number.isSafeInteger(order) ? order : null,
  };
}

/** GET /api/warehouse/inventory/devices. */
export async function listCountDevices(
  db: Db,
  query: InventoryDevicesQuery,
): Promise<InventoryDevicesAnswer> {
  const orgs = await loadLogisticsOrgs(db);
  const orgId = orgs.byOrg.get(query.location);
  if (!orgId) return { data: [], total: 0 };
  const place = query.place || null;
  const groups = (await loadGroups(db, [orgId], countKeys(query))).filter(
    (group) => placeOfGroup(group, orgs) === place,
  );
  const total = groups.reduce((sum, group) => sum + Number(group.n), 0);
  if (total === 0) return { data: [], total: 0 };
  const result = (await db.execute(sql`
    select * from (
      ${devicesSql('tags', 'tag', orgId, query, groups)}
      union all ${devicesSql('gateways', 'gateway', orgId, query, groups)}
    ) devices
    order by id limit ${INVENTORY_DEVICES_LIMIT}`)) as unknown as { rows: DeviceRow[] };
  return { data: result.rows.map((row) => toDevice(row, query, place)), total };
}
