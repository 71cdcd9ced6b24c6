import { and, asc, eq, sql } from 'drizzle-orm';
import {
  isTagReusable,
  type ChainOrder,
  type ClassifiedScan,
  type OrderState,
  type OrderStepState,
  type ScanFound,
  type ScanRequest,
} from '@vigil/domain';
import type { Db } from '../platform/db/client';
import { auditLog, orders } from '../db/schema';
import {
  lockBoxDevices,
  lockDevice,
  lockOrderDevices,
  toChainDevice,
  type DeviceRow,
  type LogisticsOrgs,
} from './devices';
import type { StoredOrderChoice } from './steps';

// Issue 22, WAREHOUSE.md "What the server does per scan" step 4: what a scan names, looked up and
// locked for the transaction: the device by id, a box's devices, the order and its devices.

export type OrderRow = typeof orders.$inferSelect;

export type Lookups = {
  found: ScanFound;
  /** Ship and qc: the chosen order with its devices (the reducer's state). */
  orderState: OrderStepState | null;
  /** Every locked device row by id, the `before` of the writes. */
  rows: Map<string, DeviceRow>;
  /** Every locked order row by number. */
  orderRows: Map<number, OrderRow>;
};

/** The order of the warehouse organisation with this number, locked. */
async function lockOrder(db: Db, orgId: string, number: number): Promise<OrderRow | null> {
  const [row] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.orgId, orgId), eq(orders.number, number)))
    .limit(1)
    .for('update');
  return row ?? null;
}

const chainOrder = (row: OrderRow): ChainOrder => ({
  number: row.number,
  state: row.state as OrderState,
  customerOrgId: row.customerOrgId,
  lines: row.lines,
});

/** SPEC §4 tag reuse from the tag's whole audit history, whichever organisation held it. */
async function reusableTag(db: Db, id: string): Promise<boolean> {
  const history = await db
    .select({ before: auditLog.before, after: auditLog.after })
    .from(auditLog)
    .where(and(eq(auditLog.entity, 'tag'), eq(auditLog.entityId, id)))
    .orderBy(asc(auditLog.id));
  return isTagReusable(history as never);
}

/** Looks up and locks what the scan names (and, at ship and qc, the chosen order). */
export async function lookUp(
  db: Db,
  orgs: LogisticsOrgs,
  warehouseOrgId: string,
  request: ScanRequest,
  scan: ClassifiedScan,
  stored: Record<string, unknown>,
): Promise<Lookups> {
  const rows = new Map<string, DeviceRow>();
  const orderRows = new Map<number, OrderRow>();
  const chain = (list: DeviceRow[]) => {
    for (const row of list) rows.set(row.id, row);
    return list.map((row) => toChainDevice(row, orgs));
  };
  const orderWithDevices = async (number: number) => {
    const row = orderRows.get(number) ?? (await lockOrder(db, warehouseOrgId, number));
    if (!row) return { order: null, devices: [] };
    orderRows.set(number, row);
    return { order: chainOrder(row), devices: chain(await lockOrderDevices(db, number)) };
  };

  let orderState: OrderStepState | null = null;
  if (request.step === 'ship' || request.step === 'qc') {
    const chosen = request.order ?? (stored as StoredOrderChoice).order ?? null;
    orderState = chosen ? await orderWithDevices(chosen) : { order: null, devices: [] };
  }

  const found: ScanFound = {};
  if (scan.kind === 'device') {
    const row = await lockDevice(db, scan.id);
    found.device = row ? chain([row])[0]! : null;
    if (request.step === 'returns' && row)
      found.reusable = row.kind === 'tag' ? await reusableTag(db, row.id) : null;
  } else if (scan.kind === 'box' || scan.kind === 'repackBox') {
    found.boxDevices = chain(await lockBoxDevices(db, scan.id));
  } else if (scan.kind === 'order' && (request.step === 'ship' || request.step === 'qc')) {
    const { order, devices } = await orderWithDevices(scan.number);
    found.order = order;
    found.orderDevices = devices;
  }
  return { found, orderState, rows, orderRows };
}

/**
 * The next free box number for `sku` on `date` (YYYYMMDD), factory (no -R) or repack (-R) labels,
 * after the highest one any device carries. A transaction lock per SKU and day keeps two kiosks
 * from opening the same number at once.
 */
export async function nextBoxNumber(db: Db, sku: string, date: string, repack: boolean): Promise<number> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`warehouse-box:${sku}-${date}`}))`);
  const pattern = `^${sku}-${date}-([0-9]+)${repack ? '-R' : ''}$`;
  const result = await db.execute(sql`
    select coalesce(max((regexp_match(b, ${pattern}))[1]::int), 0) as n from (
      select config->'logistics'->>'barcode' as b from tags
        where config->'logistics'->>'barcode' like ${`${sku}-${date}-%`}
      union all
      select config->'logistics'->>'barcode' as b from gateways
        where config->'logistics'->>'barcode' like ${`${sku}-${date}-%`}
    ) boxes`);
  const { rows } = result as unknown as { rows: { n: number | string }[] };
  return Number(rows[0]?.n ?? 0) + 1;
}
