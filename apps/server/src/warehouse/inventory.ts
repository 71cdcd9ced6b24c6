import { sql, type SQL } from 'drizzle-orm';
import {
  belowMinimum,
  countInventory,
  INVENTORY_MINIMUMS_ORG,
  placeOfKey,
  type ChainDevice,
  type ChainPlace,
  type DeviceKind,
  type InventoryAnswer,
  type InventoryCount,
} from '@vigil/domain';
import type { Db } from '../platform/db/client';
import { loadLogisticsOrgs, type LogisticsOrgs } from './devices';
import { readMinimums } from './minimums';

// Issue 22 GET /api/warehouse/inventory (docs/WAREHOUSE.md "Inventory"): the logistics devices
// counted in SQL by kind, organisation, config.state, SKU, box set, order set and inspection; each
// group's place read with the domain's placeOfKey, sorted as the domain's countInventory sorts, with
// the warnings of the SKUs below the warehouse's minimums (domain belowMinimum).

/** One group of devices sharing what decides their place (domain PlaceKey), with its SKU. */
export type Group = {
  kind: DeviceKind;
  org_id: string;
  state: string | null;
  sku: string | null;
  in_box: boolean;
  on_order: boolean;
  inspection: string | null;
  n: number | string;
};

/** The groups of a table's devices in `orgIds`, narrowed by `filter` (a condition on its columns). */
function groupSql(table: 'tags' | 'gateways', kind: DeviceKind, orgIds: string[], filter?: SQL) {
  return sql`
    select ${kind} as kind, org_id, config->>'state' as state, config->'logistics'->>'sku' as sku,
      (config->'logistics'->>'barcode') is not null as in_box,
      (config->'logistics'->>'order') is not null as on_order,
      config->'logistics'->'inspection'->>'verdict' as inspection, count(*) as n
    from ${sql.identifier(table)}
    where org_id in (${sql.join(
      orgIds.map((id) => sql`${id}::uuid`),
      sql`, `,
    )}) ${filter ? sql`and ${filter}` : sql``}
    group by 1, 2, 3, 4, 5, 6, 7`;
}

/** The groups of both tables (tags, then gateways) in `orgIds`, narrowed by `filter`. */
export async function loadGroups(db: Db, orgIds: string[], filter?: SQL): Promise<Group[]> {
  if (orgIds.length === 0) return [];
  const result = (await db.execute(
    sql`${groupSql('tags', 'tag', orgIds, filter)} union all ${groupSql('gateways', 'gateway', orgIds, filter)}`,
  )) as unknown as { rows: Group[] };
  return result.rows;
}

const inspectionOf = (group: Group) =>
  group.inspection === 'reusable' || group.inspection === 'scrapped' ? group.inspection : null;

/** The place of every device of a group (domain placeOfKey). */
export function placeOfGroup(group: Group, orgs: LogisticsOrgs): ChainPlace | null {
  return placeOfKey({
    kind: group.kind,
    org: orgs.byId.get(group.org_id) ?? 'customer',
    state: group.state,
    inBox: group.in_box,
    onOrder: group.on_order,
    inspection: inspectionOf(group),
  });
}

/** GET /api/warehouse/inventory. */
export async function listInventory(db: Db): Promise<InventoryAnswer> {
  const orgs = await loadLogisticsOrgs(db);
  const data = countGroups(await loadGroups(db, [...orgs.byId.keys()]), orgs);
  const warehouse = orgs.byOrg.get(INVENTORY_MINIMUMS_ORG);
  const minimums = warehouse ? await readMinimums(db, warehouse) : {};
  return { data, warnings: belowMinimum(data, minimums) };
}

/** The counts of the groups: by SKU, state, organisation and place, in countInventory's order. */
function countGroups(groups: readonly Group[], orgs: LogisticsOrgs): InventoryCount[] {
  const counts = new Map<string, InventoryCount>();
  const standIns: ChainDevice[] = [];
  for (const group of groups) {
    const org = orgs.byId.get(group.org_id) ?? 'customer';
    const inspection = inspectionOf(group);
    const place = placeOfGroup(group, orgs);
    const sku = group.sku ?? '';
    const state = group.state ?? '';
    const key = [sku, state, org, place].join('|');
    const found = counts.get(key);
    if (found) {
      found.count += Number(group.n);
      continue;
    }
    counts.set(key, { sku, state, location: org, place, count: Number(group.n) });
    // One stand-in device per count, so the domain's countInventory orders them.
    standIns.push({
      id: key,
      kind: group.kind,
      sku,
      state: group.state,
      org,
      customerOrgId: null,
      box: group.in_box ? 'box' : null,
      order: group.on_order ? 1 : null,
      qc: null,
      inspection: inspection ? { verdict: inspection, notes: '' } : null,
      invoiceZone: null,
      firmwareKey: null,
    });
  }
  return countInventory(standIns).map((row) => ({
    ...row,
    count: counts.get([row.sku, row.state, row.location, row.place].join('|'))?.count ?? 0,
  }));
}
