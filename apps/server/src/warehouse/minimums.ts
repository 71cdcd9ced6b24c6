import { eq, sql } from 'drizzle-orm';
import { INVENTORY_MINIMUMS_ORG, SKU_CODES, type InventoryMinimums, type SkuCode } from '@vigil/domain';
import type { Db } from '../platform/db/client';
import type { Actor, Caller } from '../platform/caller';
import { writeAudit } from '../platform/audit';
import { forbidden } from '../platform/errors';
import { inventoryMinimums } from './tables';

// Issue 22 GET and PUT /api/warehouse/inventory/minimums (docs/WAREHOUSE.md "Inventory"): the
// warehouse's minimum stock per SKU, kept by its organisation (smpwarehouse), replaced as a whole.

/** The minimums are the warehouse organisation's: read and set there only (403 elsewhere). */
function checkMinimumsOrg(caller: Caller): void {
  if (caller.org.slug !== INVENTORY_MINIMUMS_ORG) {
    throw forbidden(`The inventory minimums are kept in the ${INVENTORY_MINIMUMS_ORG} organisation`);
  }
}

const isSku = (sku: string): sku is SkuCode => (SKU_CODES as readonly string[]).includes(sku);

/** The minimums an organisation keeps (a SKU no longer known is left out). */
export async function readMinimums(db: Db, orgId: string): Promise<InventoryMinimums> {
  const rows = await db
    .select({ sku: inventoryMinimums.sku, minimum: inventoryMinimums.minimum })
    .from(inventoryMinimums)
    .where(eq(inventoryMinimums.orgId, orgId));
  const minimums: InventoryMinimums = {};
  for (const row of rows) if (isSku(row.sku) && row.minimum > 0) minimums[row.sku] = row.minimum;
  return minimums;
}

/** GET /api/warehouse/inventory/minimums. */
export async function getMinimums(db: Db, caller: Caller): Promise<InventoryMinimums> {
  checkMinimumsOrg(caller);
  return readMinimums(db, caller.org.id);
}

/** PUT /api/warehouse/inventory/minimums: the whole set, 0 or absent removing a SKU's minimum. */
export async function putMinimums(db: Db, actor: Actor, body: InventoryMinimums): Promise<InventoryMinimums> {
  const { caller } = actor;
  checkMinimumsOrg(caller);
  const orgId = caller.org.id;
  const after: InventoryMinimums = {};
  for (const sku of SKU_CODES) {
    const minimum = body[sku] ?? 0;
    if (minimum > 0) after[sku] = minimum;
  }
  return db.transaction(async (txn) => {
    const tx = txn as unknown as Db;
    // One replacement at a time per organisation: two at once would insert the same keys.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`inventory-minimums:${orgId}`}))`);
    const before = await readMinimums(tx, orgId);
    await tx.delete(inventoryMinimums).where(eq(inventoryMinimums.orgId, orgId));
    const rows = Object.entries(after).map(([sku, minimum]) => ({ orgId, sku, minimum }));
    if (rows.length > 0) await tx.insert(inventoryMinimums).values(rows);
    await writeAudit(tx, actor, {
      entity: 'inventoryMinimums',
      entityId: orgId,
      action: 'update',
      before,
      after,
      orgId,
    });
    return after;
  });
}
