import type { Db } from '../platform/db/client';
import { seedAlerts } from './seed-alerts';
import { gatewayHeartbeats, gateways, tags } from './schema';

// Issue 18: what the demo organisation's reports show on a fresh start — tags last heard at
// different times (some missing for days or weeks), tags flagged for collection with each urgency
// and age (so the replacement timeline has Overdue and '1 - 2 months (ASAP)' tags), and a gateway
// silent for days (System Health's disconnected gateways). Apart from the eight demo badges the
// alert journeys press, so their tests see what they always saw.

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;

/** The report demo tags: c0ffee200001 … c0ffee200030. */
export const REPORT_DEMO_TAG_IDS = Array.from(
  { length: 30 },
  (_, i) => `c0ffee2000${(i + 1).toString(16).padStart(2, '0')}`,
);
/** A gateway that stopped reporting five days before the demo was seeded. */
export const SILENT_DEMO_GATEWAY = 'b0a710000005';

const OWNERS = [
  'Jordan Ellis',
  'Kai Nakamura',
  'Logan Reyes',
  'Morgan Blake',
  'Noa Lindqvist',
  'Oakley Grant',
  'Parker Quinn',
  'Quinn Abara',
  'Riley Okafor',
  'Sage Moreau',
];
const AREAS = [
  'ED Room 101',
  'ED Room 102',
  'ED Nurses Station',
  'Main Entrance',
  'Gift Shop',
  'Room 201',
  'Room 202',
  'Ward 3 Nurses Station',
  'Room 210',
  'Day Room',
];
/** How long before `now` each tag was last heard, by index (cycled). */
const LAST_HEARD_AGO_MS = [2 * HOUR_MS, 1.5 * DAY_MS, 3 * DAY_MS, 9 * DAY_MS, 16 * DAY_MS, 40 * DAY_MS];
/** Every third tag is flagged: urgency, reason and age of the flag, cycled. */
const FLAGS = [
  { urgency: 0, reason: 'battery_depleted', ago: 5 * DAY_MS },
  { urgency: 1, reason: 'battery_low', ago: 20 * DAY_MS },
  { urgency: 1, reason: 'tag_crash_high', ago: 75 * DAY_MS },
  { urgency: 2, reason: 'firmware_obsolete', ago: 12 * DAY_MS },
  { urgency: 0, reason: 'manual', ago: 2 * DAY_MS },
] as const;

/** Adds the report demo data to the demo organisation; `ids` maps zone names to ids. */
export async function seedReportDemo(db: Db, orgId: string, ids: Map<string, string>, now: Date) {
  await db.insert(tags).values(
    REPORT_DEMO_TAG_IDS.map((id, i) => {
      const zoneId = ids.get(AREAS[i % AREAS.length]!)!;
      const flag = i % 3 === 2 ? FLAGS[Math.floor(i / 3) % FLAGS.length]! : undefined;
      const lastHeard = new Date(now.getTime() - LAST_HEARD_AGO_MS[i % LAST_HEARD_AGO_MS.length]!);
      return {
        id,
        orgId,
        zoneId,
        config: {
          state: 'deployed',
          location: zoneId,
          label: `Badge ${101 + i}`,
          owner: { name: OWNERS[i % OWNERS.length]!, personId: `P-${2000 + i}` },
          logistics: { sku: i % 2 ? 'TAG7' : 'TAG5', barcode: `TAG${i % 2 ? 7 : 5}-20260301-${101 + i}` },
          ...(flag
            ? {
                collection: {
                  reason: flag.reason,
                  urgency: flag.urgency,
                  at: new Date(now.getTime() - flag.ago).toISOString(),
                },
              }
            : {}),
        },
        state: {
          firmware: { boot: 12, app: 50 + (i % 3) },
          // Healthy (2850 mV and up), but for the depleted ones: the tag list's low-battery filter keeps to the demo badges.
          battery: { current: { level: flag?.reason === 'battery_depleted' ? 2450 : 2850 + (i % 7) * 60 } },
          updatedAt: lastHeard.toISOString(),
        },
      };
    }),
  );

  // The silent gateway: a day of hourly heartbeats, the last five days before `now`.
  const lastBeat = new Date(now.getTime() - 5 * DAY_MS);
  const zoneId = ids.get('Gift Shop')!;
  const body = {
    gateway: SILENT_DEMO_GATEWAY,
    status: 'connected',
    version: { app: '5.1.4', boot: '2.1', isSafeMode: false },
    hardware: { revision: 'v3' },
    adminMode: false,
    diagnostics: { button: 100, coverage: 88, floor: 52 },
    neighbors: {},
  };
  const { gateway: _gateway, ...reported } = body;
  await db.insert(gateways).values({
    id: SILENT_DEMO_GATEWAY,
    orgId,
    zoneId,
    config: { state: 'deployed', location: zoneId, logistics: { sku: 'GW2' }, labels: [], notes: '' },
    state: { ...reported, updatedAt: lastBeat.toISOString() },
  });
  await db.insert(gatewayHeartbeats).values(
    Array.from({ length: 24 }, (_, k) => ({
      orgId,
      gatewayId: SILENT_DEMO_GATEWAY,
      status: body.status,
      payload: body,
      at: new Date(lastBeat.getTime() - k * HOUR_MS),
    })),
  );
}

/** How much alert history a fresh demo has: analytics and the alert log have a few months to show. */
export const DEMO_HISTORY = { alerts: 3000, days: 120 } as const;

/**
 * The demo organisation's closed alerts of the last months (the `seed --alerts` generator), for a
 * fresh demo started by `serve` or `seed --demo`; the test database goes without (its tests make
 * the alerts they count).
 */
export async function seedDemoHistory(db: Db): Promise<void> {
  await seedAlerts(db, { ...DEMO_HISTORY, org: 'demo' });
}
