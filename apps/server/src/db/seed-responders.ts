import { and, eq, inArray, sql } from 'drizzle-orm';
import { tagBatchOperations, type TagConfigState } from '@vigil/domain';
import type { Db } from '../platform/db/client';
import { gateways, tagPositions, tags, zones } from './schema';

// Issue 20 "Responders" in the demo: three demo people carry their tag in behaviour mode responder
// (SPEC §3; their app firmware is 51 or later, the resp_toggle rule of SPEC §4), each last heard by
// a demo gateway, and the demo organisation has the responderTools flag on (SPEC §2.1 /responders).
// The simulator's walk (`vigil simulate --sightings`) then moves them between the gateways.

/** The demo responders: tag id, and the area of the demo gateway that heard them last. */
export const DEMO_RESPONDERS = [
  { tag: 'c0ffee000002', gatewayArea: 'ED Room 101', agoMs: 20_000 }, // Blake Chen
  { tag: 'c0ffee000008', gatewayArea: 'Main Entrance', agoMs: 45_000 }, // Harper Kim
  { tag: 'c0ffee000003', gatewayArea: 'Room 201', agoMs: 90_000 }, // Casey Morgan
] as const;

/** Sets the demo responders up; `ids` names the demo zones (seed.ts), `now` dates their positions. */
export async function seedRespondersDemo(tx: Db, demoId: string, ids: Map<string, string>, now: Date) {
  const tagIds = DEMO_RESPONDERS.map((r) => r.tag);
  const rows = await tx
    .select({ orgId: tags.orgId, config: tags.config, state: tags.state })
    .from(tags)
    .where(and(inArray(tags.id, tagIds), eq(tags.orgId, demoId)));
  const candidates = rows.map((row) => ({
    state: row.config.state as TagConfigState,
    orgId: row.orgId,
    appFirmware: (row.state.firmware as { app?: number } | undefined)?.app,
    batteryMv: null,
    collectionReason: null,
  }));
  const offered = tagBatchOperations(candidates, { canUpdateMaintMode: false, canBulkUnflag: false });
  if (rows.length !== tagIds.length || !offered.includes('resp_toggle')) {
    throw new Error('The demo responders’ tags need app firmware 51 or later (SPEC §4 resp_toggle)');
  }
  await tx
    .update(tags)
    .set({ config: sql`${tags.config} || '{"mode":"responder"}'::jsonb`, updatedAt: now })
    .where(inArray(tags.id, tagIds));

  const demoGateways = await tx
    .select({ id: gateways.id, zoneId: gateways.zoneId })
    .from(gateways)
    .where(eq(gateways.orgId, demoId));
  const positions = DEMO_RESPONDERS.map(({ tag, gatewayArea, agoMs }) => {
    const zoneId = ids.get(gatewayArea)!;
    const gateway = demoGateways.find((g) => g.zoneId === zoneId);
    if (!gateway) throw new Error(`No demo gateway in ${gatewayArea}`);
    const at = new Date(now.getTime() - agoMs);
    return { tagId: tag, orgId: demoId, gatewayId: gateway.id, zoneId, rssi: -58, seenAt: at, movedAt: at };
  });
  await tx
    .insert(tagPositions)
    .values(positions)
    .onConflictDoUpdate({
      target: tagPositions.tagId,
      set: {
        gatewayId: sql`excluded.gateway_id`,
        zoneId: sql`excluded.zone_id`,
        seenAt: sql`excluded.seen_at`,
      },
    });

  const [org] = await tx.select({ config: zones.config }).from(zones).where(eq(zones.id, demoId));
  const flags = (org?.config.featureFlags ?? {}) as Record<string, boolean>;
  await tx
    .update(zones)
    .set({ config: { ...org?.config, featureFlags: { ...flags, responderTools: true } } })
    .where(eq(zones.id, demoId));
}
