import { transition, type DeviceWrite } from '@vigil/domain';
import type { Db } from '../platform/db/client';
import type { Actor } from '../platform/caller';
import { writeAudits } from '../platform/audit';
import {
  applyDeviceWrites,
  loadLogisticsOrgs,
  lockOrderDevices,
  toChainDevice,
  type DeviceRow,
} from './devices';

// Issue 22 (docs/WAREHOUSE.md "An order"): cancelling an order releases its devices, in the
// cancel's transaction: the chain's `release` for each device on it, written as a scan writes.

/** The order a cancel releases: its organisation and its number. */
export type ReleasedOrder = { orgId: string; number: number };

/**
 * Takes every device allocated to `order` off it, back in stock, each with its audit entry
 * (action `release`); answers the ids released. Only the warehouse's orders carry devices (the ship
 * step allocates to smpwarehouse's orders), so another organisation's order releases none. A device
 * the chain does not release (not allocated to this order) is left as it is.
 */
export async function releaseOrderDevices(db: Db, actor: Actor, order: ReleasedOrder): Promise<string[]> {
  const orgs = await loadLogisticsOrgs(db);
  if (orgs.byOrg.get('smpwarehouse') !== order.orgId) return [];
  const rows = new Map<string, DeviceRow>();
  const writes: DeviceWrite[] = [];
  for (const row of await lockOrderDevices(db, order.number)) {
    rows.set(row.id, row);
    const before = toChainDevice(row, orgs);
    const result = transition(before, { type: 'release', order: order.number });
    if (result.outcome === 'changed') writes.push({ before, after: result.device });
  }
  const audits = await applyDeviceWrites(db, writes, rows, orgs, 'release');
  await writeAudits(db, actor, audits);
  return writes.map((write) => write.after.id);
}
