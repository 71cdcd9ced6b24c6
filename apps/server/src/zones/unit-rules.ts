import { and, eq, ne, sql } from 'drizzle-orm';
import { deactivatesAreasWithin, parseUnitGeometry, type ZoneState } from '@vigil/domain';
import type { Db } from '../platform/db/client';
import type { Actor, ZoneRow } from '../platform/caller';
import { zones } from '../db/schema';
import { badRequest } from '../platform/errors';
import { writeAudits } from '../platform/audit';

// SPEC §2.7 units add/edit, §3 Unit on a map, §4 Units, §5 Unit edit: a unit is a zone of level
// unit under its floor; what the zones' writes add for one.

/**
 * SPEC §3 Unit on a map: a unit's config.geometry (when it has one: a unit made on the Zones screen
 * has none until it is drawn) must be a GeoJSON Polygon; the zone contract only says "an object".
 */
export function assertUnitConfig(level: string, config: Record<string, unknown>): void {
  if (level !== 'unit' || config.geometry === undefined || config.geometry === null) return;
  const parsed = parseUnitGeometry(config.geometry);
  if (!parsed.ok) throw badRequest(parsed.reason, 'config.geometry');
}

/**
 * SPEC §5 'Are you sure you want to deactivate unit <name> and all areas within?': a unit that
 * becomes inactive makes the areas within it inactive too, in the same transaction, each audited.
 */
export async function cascadeUnitState(tx: Db, actor: Actor, before: ZoneRow, after: ZoneRow): Promise<void> {
  if (before.level !== 'unit') return;
  if (!deactivatesAreasWithin(stateOf(before), stateOf(after))) return;
  const changed = await tx
    .update(zones)
    .set({ config: sql`${zones.config} || '{"state":"inactive"}'::jsonb`, updatedAt: new Date() })
    .where(
      and(
        sql`${zones.path} && array[${before.id}::uuid]`,
        ne(zones.id, before.id),
        eq(zones.level, 'area'),
        sql`coalesce(${zones.config}->>'state', '') <> 'inactive'`,
      ),
    )
    .returning();
  await writeAudits(
    tx,
    actor,
    changed.map((row) => ({ entity: 'zone', entityId: row.id, action: 'update', after: row })),
  );
}

function stateOf(row: ZoneRow): ZoneState | undefined {
  const state = (row.config as Record<string, unknown>).state;
  return state === 'active' || state === 'inactive' ? state : undefined;
}
