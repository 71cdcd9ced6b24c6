import { and, desc, eq } from 'drizzle-orm';
import { type GatewayDetail } from '@vigil/domain';
import type { Db } from '../platform/db/client';
import { gatewayCommands, gateways } from '../db/schema';
import { notFound } from '../platform/errors';
import { type Scope } from '../platform/scope';
import { syncEntryOf } from '../logs';
import { LOCATION_FIELDS, locationNamesOf, pickLocation } from '../zones';

import { gatewayInScope, toGateway, type GatewayRow } from './gateway-rows';

/** How many of a gateway's latest commands its detail shows. */
const DETAIL_COMMANDS = 10;
const MAC_RE = /^[0-9a-f]{12}$/;

export async function findGateway(db: Db, scope: Scope, id: string, forUpdate = false) {
  if (!MAC_RE.test(id)) return undefined;
  const query = db
    .select()
    .from(gateways)
    .where(and(eq(gateways.id, id), gatewayInScope(scope)))
    .limit(1);
  const [row] = forUpdate ? await query.for('update') : await query;
  return row;
}

export async function toDetail(db: Db, row: GatewayRow): Promise<GatewayDetail> {
  const [names, commands] = await Promise.all([
    locationNamesOf(db, [row.zoneId]),
    db
      .select()
      .from(gatewayCommands)
      .where(and(eq(gatewayCommands.gatewayId, row.id), eq(gatewayCommands.orgId, row.orgId)))
      .orderBy(desc(gatewayCommands.createdAt))
      .limit(DETAIL_COMMANDS),
  ]);
  return {
    ...toGateway(row),
    location: pickLocation(row.zoneId ? names.get(row.zoneId) : undefined, LOCATION_FIELDS),
    commands: commands.map(syncEntryOf),
  };
}

export async function getGateway(db: Db, scope: Scope, id: string): Promise<GatewayDetail> {
  const row = await findGateway(db, scope, id);
  if (!row) throw notFound('Gateway not found');
  return toDetail(db, row);
}
