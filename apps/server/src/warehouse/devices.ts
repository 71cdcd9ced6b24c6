import { and, eq, inArray, sql } from 'drizzle-orm';
import {
  CHAIN_ORGS,
  chainOrgOf,
  tagRestoreUpdate,
  type ChainDevice,
  type ChainOrg,
  type DeviceWrite,
  type Inspection,
  type QcMark,
} from '@vigil/domain';
import type { Db } from '../platform/db/client';
import { gateways, tags, zones } from '../db/schema';
import type { AuditEntry } from '../platform/audit';

// Issue 22: tags and gateways as the supply chain reads them (domain ChainDevice), and the writes of
// a scan back to their rows (docs/WAREHOUSE.md "What the server does per scan", step 5).

type Json = Record<string, unknown>;
export type DeviceRow = {
  id: string;
  orgId: string;
  zoneId: string | null;
  config: Json;
  kind: 'tag' | 'gateway';
};

/** The logistics organisations (SPEC §6 slugs) by chain org, and back by id. */
export type LogisticsOrgs = { byOrg: Map<ChainOrg, string>; byId: Map<string, ChainOrg> };

export async function loadLogisticsOrgs(db: Db): Promise<LogisticsOrgs> {
  const slugs = CHAIN_ORGS.filter((org) => org !== 'customer');
  const rows = await db
    .select({ id: zones.id, slug: zones.slug })
    .from(zones)
    .where(and(eq(zones.level, 'org'), inArray(zones.slug, [...slugs])));
  const byOrg = new Map<ChainOrg, string>();
  const byId = new Map<string, ChainOrg>();
  for (const row of rows) {
    const org = chainOrgOf(row.slug);
    byOrg.set(org, row.id);
    byId.set(row.id, org);
  }
  return { byOrg, byId };
}

const logisticsOf = (config: Json): Json => (config.logistics as Json | undefined) ?? {};
const str = (value: unknown) => (typeof value === 'string' ? value : null);

/** A row as the chain reads it. */
export function toChainDevice(row: DeviceRow, orgs: LogisticsOrgs): ChainDevice {
  const logistics = logisticsOf(row.config);
  const org = orgs.byId.get(row.orgId) ?? 'customer';
  const order = Number(logistics.order);
  return {
    id: row.id,
    kind: row.kind,
    sku: str(logistics.sku),
    state: str(row.config.state),
    org,
    customerOrgId: org === 'customer' ? row.orgId : null,
    box: str(logistics.barcode),
    order: logistics.order != null && Number.isSafeInteger(order) ? order : null,
    qc: (logistics.qc as QcMark | undefined) ?? null,
    inspection: (logistics.inspection as Inspection | undefined) ?? null,
    invoiceZone: str(row.config.invoiceZone),
    firmwareKey: str(logistics.firmware),
  };
}

const columns = (t: typeof tags | typeof gateways) => ({
  id: t.id,
  orgId: t.orgId,
  zoneId: t.zoneId,
  config: t.config,
});

/** Devices (tags, then gateways) matching `where`, locked for the scan's transaction, by id. */
async function lockedRows(
  db: Db,
  where: (t: typeof tags | typeof gateways) => ReturnType<typeof sql>,
): Promise<DeviceRow[]> {
  const tagRows = await db.select(columns(tags)).from(tags).where(where(tags)).orderBy(tags.id).for('update');
  const gatewayRows = await db
    .select(columns(gateways))
    .from(gateways)
    .where(where(gateways))
    .orderBy(gateways.id)
    .for('update');
  return [
    ...tagRows.map((r) => ({ ...r, kind: 'tag' as const })),
    ...gatewayRows.map((r) => ({ ...r, kind: 'gateway' as const })),
  ];
}

/** The device with this id, whichever organisation holds it (logistics staff handle every one). */
export async function lockDevice(db: Db, id: string): Promise<DeviceRow | null> {
  const rows = await lockedRows(db, (t) => sql`${t.id} = ${id}`);
  return rows[0] ?? null;
}

/** The devices packed under a box label (config.logistics.barcode, indexed). */
export function lockBoxDevices(db: Db, barcode: string): Promise<DeviceRow[]> {
  return lockedRows(db, (t) => sql`(${t.config}->'logistics'->>'barcode') = ${barcode}`);
}

/** The devices on (or shipped with) an order (config.logistics.order, indexed). */
export function lockOrderDevices(db: Db, number: number): Promise<DeviceRow[]> {
  return lockedRows(db, (t) => sql`(${t.config}->'logistics'->>'order') = ${String(number)}`);
}

/** The row a chain write leaves: state, organisation, logistics facts, invoiceZone, SPEC §4 clearing. */
function nextRow(before: DeviceRow | null, write: DeviceWrite, orgs: LogisticsOrgs): DeviceRow {
  const { after } = write;
  const orgId = after.org === 'customer' ? after.customerOrgId : orgs.byOrg.get(after.org);
  if (!orgId) throw new Error(`The ${after.org} organisation does not exist`);
  const config: Json = { ...(before?.config ?? {}) };
  const moved = before !== null && before.orgId !== orgId;
  const clear = (keys: string[]) => keys.forEach((key) => delete config[key]);
  // Moving organisation unlocates the device; a return clears owner, label and station.
  if (moved) clear(['location']);
  if (moved && after.state === 'returned') clear(['owner', 'label', 'station']);
  // Repackaging puts a returned tag back to available: SPEC §4's restore.
  if (after.kind === 'tag' && after.state === 'available' && write.before?.state === 'returned') {
    for (const [key, value] of Object.entries(tagRestoreUpdate())) {
      if (value === null) delete config[key];
    }
  }
  if (!before && after.kind === 'gateway') Object.assign(config, { labels: [], notes: '' });
  config.state = after.state;
  if (after.invoiceZone) config.invoiceZone = after.invoiceZone;
  else delete config.invoiceZone;
  const logistics: Json = { ...logisticsOf(config) };
  const facts: Json = {
    sku: after.sku,
    barcode: after.box,
    order: after.order,
    qc: after.qc,
    inspection: after.inspection,
    firmware: after.firmwareKey,
  };
  for (const [key, value] of Object.entries(facts)) {
    if (value === null || value === undefined) delete logistics[key];
    else logistics[key] = value;
  }
  config.logistics = logistics;
  return { id: after.id, kind: after.kind, orgId, zoneId: moved ? null : (before?.zoneId ?? null), config };
}

const snapshot = (row: DeviceRow) => ({
  id: row.id,
  orgId: row.orgId,
  zoneId: row.zoneId,
  config: row.config,
});

/**
 * Applies a scan's device writes, one statement per table and kind of write (a box of 20 received is
 * one UPDATE of tags, not 20); answers one audit entry per device (action: the step).
 */
export async function applyDeviceWrites(
  db: Db,
  writes: readonly DeviceWrite[],
  rows: ReadonlyMap<string, DeviceRow>,
  orgs: LogisticsOrgs,
  action: string,
): Promise<AuditEntry[]> {
  const audits: AuditEntry[] = [];
  const updates = { tag: [] as DeviceRow[], gateway: [] as DeviceRow[] };
  const inserts = { tag: [] as DeviceRow[], gateway: [] as DeviceRow[] };
  for (const write of writes) {
    const before = rows.get(write.after.id) ?? null;
    const next = nextRow(before, write, orgs);
    (before ? updates : inserts)[next.kind].push(next);
    audits.push({
      entity: next.kind,
      entityId: next.id,
      action: before ? action : 'create',
      before: before ? snapshot(before) : undefined,
      after: snapshot(next),
      orgId: next.orgId,
    });
  }
  for (const kind of ['tag', 'gateway'] as const) {
    const table = kind === 'tag' ? tags : gateways;
    if (updates[kind].length > 0) {
      const values = updates[kind].map((r) => ({
        id: r.id,
        org_id: r.orgId,
        zone_id: r.zoneId,
        config: r.config,
      }));
      await db.execute(sql`
        update ${table} set org_id = v.org_id, zone_id = v.zone_id, config = v.config, updated_at = now()
        from jsonb_to_recordset(${JSON.stringify(values)}::jsonb)
          as v(id text, org_id uuid, zone_id uuid, config jsonb)
        where ${table.id} = v.id`);
    }
    if (inserts[kind].length > 0) {
      await db
        .insert(table)
        .values(inserts[kind].map((r) => ({ id: r.id, orgId: r.orgId, zoneId: null, config: r.config })));
    }
  }
  return audits;
}
