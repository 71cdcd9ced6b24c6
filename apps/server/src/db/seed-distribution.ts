import { eq, sql } from 'drizzle-orm';
import type { Db } from '../platform/db/client';
import { distributionStations, gateways, tags, zones } from './schema';

/**
 * The demo's two distribution stations (issue 21): the Emergency Department's kiosk identifies a
 * tag by a single tap heard by the gateway in ED Room 101 beside it, and holds six tags ready to
 * hand out (KIOSK_DEMO_TAGS: fewer than its minimum of 10, so the stations list shows it below);
 * Ward 3's reads tags by their QR code. After the demo's gateways (the spare tags c0ffee1000xx carry
 * the assets, so they are not the kiosk's). The organisation has the kioskLogout flag on, so the
 * demo's distribution user can sign out of the kiosk (SPEC §6). A spare gateway waits ready to
 * deploy (SPARE_DEMO_GATEWAY), for /device/replacement.
 */
export async function seedDistributionDemo(
  tx: Db,
  demoId: string,
  ids: Map<string, string>,
  gatewayId: string,
) {
  const [ed] = await tx
    .insert(distributionStations)
    .values([
      {
        orgId: demoId,
        zoneId: ids.get('ED Nurses Station')!,
        name: 'Emergency Department station',
        helpMessage: 'Tap your tag’s button once beside the kiosk, then follow the screen. Help: ext. 4100.',
        minimumInventory: 10,
        gatewayId,
        scanMode: 'singleTap',
      },
      {
        orgId: demoId,
        zoneId: ids.get('Ward 3 Nurses Station')!,
        name: 'Ward 3 station',
        helpMessage: 'Scan the QR code on the tag. Ask the charge nurse if the station is empty.',
        minimumInventory: 5,
        scanMode: 'qrCode',
      },
    ])
    .returning({ id: distributionStations.id });
  await tx
    .update(zones)
    .set({
      config: sql`${zones.config} || jsonb_build_object('featureFlags',
        coalesce(${zones.config}->'featureFlags', '{}'::jsonb) || '{"kioskLogout": true}'::jsonb)`,
    })
    .where(eq(zones.id, demoId));
  await tx.insert(gateways).values({
    id: SPARE_DEMO_GATEWAY,
    orgId: demoId,
    zoneId: null,
    config: { state: 'ready_to_deploy', logistics: { sku: 'GW2' }, labels: [], notes: 'Spare, in stock' },
    state: {},
  });
  await tx.insert(tags).values(
    KIOSK_DEMO_TAGS.map((id, i) => ({
      id,
      orgId: demoId,
      zoneId: null,
      config: { state: 'available', station: ed!.id, logistics: { sku: i < 4 ? 'TAG5' : 'TAG7' } },
      state: {
        firmware: { boot: 12, app: 52 },
        battery: { current: { level: 3100 - i * 40, status: 'healthy' } },
      },
    })),
  );
}

/** A gateway in stock, ready to deploy, unplaced: what /device/replacement puts up (issue 21 demo). */
export const SPARE_DEMO_GATEWAY = 'b0a710000006';

/** The ED station's tags on the shelf (issue 21 demo). */
export const KIOSK_DEMO_TAGS = [1, 2, 3, 4, 5, 6].map((i) => `c0ffee3000${String(i).padStart(2, '0')}`);
