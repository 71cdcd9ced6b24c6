import { and, desc, eq, gt } from 'drizzle-orm';
import type { ButtonEventQuery, KioskButtonEvent } from '@vigil/domain';
import type { Db } from '../platform/db/client';
import type { Scope } from '../platform/scope';
import { badRequest } from '../platform/errors';
import { buttonEvents } from '../db/schema';
import { getStation } from '../stations';

/**
 * SPEC §7 GET button-event with station, tag, createdAt, limit 1, polled (issue 21): the kiosk taps
 * (ingest status 'tap': distribution/kiosk-tap.ts in the domain) that the station's gateway heard
 * after `createdAt`, newest first, optionally of one tag. The station is the caller's (404
 * otherwise); one without a gateway cannot hear taps (400 'No distribution station settings
 * found', SPEC §8). Served by button_events (gateway_id, received_at).
 */
export async function kioskTaps(
  db: Db,
  scope: Scope,
  query: ButtonEventQuery,
): Promise<{ data: KioskButtonEvent[]; now: string }> {
  const station = await getStation(db, scope, query.station);
  if (!station.gatewayId) throw badRequest('No distribution station settings found', 'station');
  const rows = await db
    .select()
    .from(buttonEvents)
    .where(
      and(
        eq(buttonEvents.gatewayId, station.gatewayId),
        gt(buttonEvents.receivedAt, new Date(query.createdAt)),
        eq(buttonEvents.orgId, station.orgId),
        eq(buttonEvents.status, 'tap'),
        query.tag ? eq(buttonEvents.tagId, query.tag) : undefined,
      ),
    )
    .orderBy(desc(buttonEvents.receivedAt), desc(buttonEvents.id))
    .limit(query.limit);
  return {
    now: new Date().toISOString(),
    data: rows.map((row) => ({
      id: String(row.id),
      tag: row.tagId,
      gatewayId: row.gatewayId,
      status: row.status as KioskButtonEvent['status'],
      events: row.events as KioskButtonEvent['events'],
      createdAt: row.receivedAt.toISOString(),
    })),
  };
}
