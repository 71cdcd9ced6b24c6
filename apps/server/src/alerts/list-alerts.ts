import { and, desc, isNull, ne, type SQL } from 'drizzle-orm';
import { type AlertsQuery } from '@vigil/domain';
import type { Db } from '../platform/db/client';
import { alerts } from '../db/schema';
import { forbidden } from '../platform/errors';
import type { Caller } from '../platform/caller';

import { alertInScope, inSubtrees, toAlerts } from './alert-rows';
import { withPositions } from './alert-position';

/**
 * GET /api/alerts (SPEC §7): every open alert in scope, newest first, unpaged (an alert on a second
 * page is a hidden alert). `zones` and the caller's `location` narrow; neither widens the scope.
 * Each alert's position on a floor plan comes with it to a caller who may read FloorPlan.
 */
export async function listOpenAlerts(db: Db, caller: Caller, query: AlertsQuery) {
  if (query.test && !caller.ability.can('read', 'Alert', 'test')) {
    throw forbidden('Not allowed to read Alert test');
  }
  const where: SQL[] = [isNull(alerts.closedAt), alertInScope(caller.scope)];
  if (!query.test) where.push(ne(alerts.mode, 'test'));
  if (query.zones?.length) where.push(inSubtrees(alerts.zoneId, query.zones));
  if (caller.location.length) where.push(inSubtrees(alerts.zoneId, caller.location));
  const rows = await db
    .select()
    .from(alerts)
    .where(and(...where))
    .orderBy(desc(alerts.createdAt), desc(alerts.id));
  const data = await withPositions(db, caller, await toAlerts(db, rows));
  return { data, total: data.length };
}
