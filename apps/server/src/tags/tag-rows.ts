import { type SQL } from 'drizzle-orm';
import { type LocationNames, type Tag, type TagConfig } from '@vigil/domain';
import { tags } from '../db/schema';
import { type Scope } from '../platform/scope';
import { locatedInScope } from '../platform/scope-sql';

// SPEC §3 Tag, §4 flows, §7 Devices.

export type TagRow = typeof tags.$inferSelect;
export type Json = Record<string, unknown>;
export const MAC_RE = /^[0-9a-f]{12}$/;

export const objectOf = (v: unknown): Json =>
  typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Json) : {};

/** Tags the caller may see: its organisation, located in its zones (or anywhere, org-wide). */
export function tagInScope(scope: Scope): SQL {
  return locatedInScope(scope, tags.zoneId, tags.orgId);
}

export function toTag(row: TagRow, location?: LocationNames): Tag {
  const config = row.config as TagConfig;
  return {
    id: row.id,
    orgId: row.orgId,
    config,
    state: row.state,
    maintMode: config.maintMode === true,
    invoiceZone: config.invoiceZone ?? null,
    station: config.station ?? null,
    ...(location ? { location } : {}),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** What an audit entry keeps of a tag: enough for SPEC §4 reuse (config.collection.urgency) and a diff. */
export function auditSnapshot(row: Pick<TagRow, 'id' | 'orgId' | 'zoneId' | 'config'>) {
  return { id: row.id, orgId: row.orgId, zoneId: row.zoneId, config: row.config };
}

/** A shallow patch of config: `null` removes a key, `undefined` leaves it, anything else replaces. */
export function patchConfig(config: Json, patch: Json): Json {
  const out: Json = { ...config };
  for (const [key, value] of Object.entries(patch)) {
    if (value === undefined) continue;
    if (value === null) delete out[key];
    else out[key] = value;
  }
  return out;
}
