import { distanceLabel, nearestResponders, type NearResponders } from '@vigil/domain';
import type { Db } from '../platform/db/client';
import type { Scope } from '../platform/scope';
import { assertAlertInScope } from '../alerts';
import { loadResponders, pathOf, toResponder } from './responder-rows';

/**
 * GET /api/alerts/{id}/responders (issue 20): the `limit` responders nearest an open alert by walking
 * distance on the zone tree (domain nearestResponders: the alert's zone against the zone each
 * responder was last heard in, then the most recently heard), the alert's own tag never among them.
 * A closed or unlocated alert has none. The alert is the caller's (404 otherwise), and so are the
 * responders.
 */
export async function nearestRespondersOf(
  db: Db,
  scope: Scope,
  alertId: string,
  limit: number,
): Promise<NearResponders> {
  const alert = await assertAlertInScope(db, scope, alertId);
  if (alert.closedAt || !alert.zoneId) return { data: [] };
  // Where and when every responder was heard, to rank them; then names and gateways of the nearest.
  const places = await loadResponders(db, scope, {
    heardOnly: true,
    except: alert.tagId,
    withZone: alert.zoneId,
    placesOnly: true,
  });
  const ranked = nearestResponders(
    pathOf(alert.zoneId, places.zones),
    places.rows.map((row) => ({
      id: row.id,
      path: pathOf(row.zoneId, places.zones),
      seenAt: row.seenMs ?? 0,
    })),
    limit,
  );
  if (ranked.length === 0) return { data: [] };
  const { rows, zones } = await loadResponders(db, scope, { ids: ranked.map((r) => r.id) });
  const byId = new Map(rows.map((row) => [row.id, row]));
  // One no longer a responder since the first read is left out.
  const found = ranked.filter((near) => byId.has(near.id));
  return {
    data: found.map((near, i) => ({
      ...toResponder(byId.get(near.id)!, zones, scope),
      rank: i + 1,
      distance: near.distance,
      distanceLabel: distanceLabel(near.distance),
    })),
  };
}
