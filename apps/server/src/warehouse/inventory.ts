import { sql } from 'drizzle-orm';
import { z } from 'zod';
import {
  CHAIN_ORGS,
  CHAIN_PLACES,
  countInventory,
  placeOfKey,
  type ChainDevice,
  type DeviceKind,
  type InventoryCount,
} from '@vigil/domain';
import type { Db } from '../platform/db/client';
import { loadLogisticsOrgs } from './devices';

// Issue 22 GET /api/warehouse/inventory (docs/WAREHOUSE.md "Inventory"): the logistics devices
// counted in SQL by kind, organisation, config.state, SKU, box set, order set and inspection; each
// group's place read with the domain's placeOfKey, sorted as the domain's countInventory sorts.

export const inventoryAnswerSchema = z.object({
  data: z.array(
    z.object({
      sku: z.string(),
      state: z.string(),
      location: z.enum(CHAIN_ORGS),
      place: z.enum(CHAIN_PLACES).nullable(),
      count: z.number().int(),
    }),
  ),
});
export type InventoryAnswer = z.infer<typeof inventoryAnswerSchema>;

type Group = {
  kind: DeviceKind;
  org_id: string;
  state: string | null;
  sku: string | null;
  in_box: boolean;
  on_order: boolean;
  inspection: string | null;
  n: number | string;
};

function groupSql(table: 'tags' | 'gateways', kind: DeviceKind, orgIds: string[]) {
  return sql`
    select ${kind} as kind, org_id, config->>'state' as state, config->'logistics'->>'sku' as sku,
      (config->'logistics'->>'barcode') is not null as in_box,
      (config->'logistics'->>'order') is not null as on_order,
      config->'logistics'->'inspection'->>'verdict' as inspection, count(*) as n
    from ${sql.identifier(table)}
    where org_id in (${sql.join(
      orgIds.map((id) => sql`${id}::uuid`),
      sql`, `,
    )})
    group by 1, 2, 3, 4, 5, 6, 7`;
}

/** GET /api/warehouse/inventory. */
export async function listInventory(db: Db): Promise<InventoryAnswer> {
  const orgs = await loadLogisticsOrgs(db);
  const orgIds = [...orgs.byId.keys()];
  if (orgIds.length === 0) return { data: [] };
  const result = (await db.execute(
    sql`${groupSql('tags', 'tag', orgIds)} union all ${groupSql('gateways', 'gateway', orgIds)}`,
  )) as unknown as { rows: Group[] };
  const counts = new Map<string, InventoryCount>();
  const standIns: ChainDevice[] = [];
  for (const group of result.rows) {
    const org = orgs.byId.get(group.org_id) ?? 'customer';
    const inspection =
      group.inspection === 'reusable' || group.inspection === 'scrapped' ? group.inspection : null;
    const place = placeOfKey({
      kind: group.kind,
      org,
      state: group.state,
      inBox: group.in_box,
      onOrder: group.on_order,
      inspection,
    });
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
  const data = countInventory(standIns).map((row) => ({
    ...row,
    count: counts.get([row.sku, row.state, row.location, row.place].join('|'))?.count ?? 0,
  }));
  return { data };
}
