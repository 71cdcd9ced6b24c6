import { and, eq, ne } from 'drizzle-orm';
import { parseTagScanMode, type DistributionStation } from '@vigil/domain';
import type { Db } from '../platform/db/client';
import { distributionStations, gateways } from '../db/schema';
import { HttpError, badRequest } from '../platform/errors';
import type { Scope } from '../platform/scope';
import { locatedInScope } from '../platform/scope-sql';

// SPEC §3 Distribution station as the API answers it, and the checks of its gateway (issue 21).

export type StationRow = typeof distributionStations.$inferSelect;

export function stationInScope(scope: Scope) {
  return and(
    eq(distributionStations.orgId, scope.orgId),
    locatedInScope(scope, distributionStations.zoneId, distributionStations.orgId),
  )!;
}

export function toStation(row: StationRow, availableTags: number): DistributionStation {
  // A stored mode the domain does not know (written around the API) reads as off, never a 500.
  const scanMode = parseTagScanMode(row.scanMode);
  return {
    id: row.id,
    orgId: row.orgId,
    zoneId: row.zoneId,
    name: row.name,
    helpMessage: row.helpMessage,
    minimumInventory: row.minimumInventory,
    gatewayId: row.gatewayId,
    scanMode: scanMode.ok ? scanMode.value : 'off',
    availableTags,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** What the audit log keeps of a station: its own fields, not the tags it holds at the time. */
export const auditView = (row: StationRow) => {
  const { createdAt: _c, updatedAt: _u, orgId: _o, availableTags: _a, ...rest } = toStation(row, 0);
  return rest;
};

/**
 * Issue 21: a station's gateway is a gateway of its organisation (400 'Unknown gateway <id>'
 * otherwise, whether absent or another organisation's), beside no other station of it (409).
 */
export async function assertGatewayFree(
  db: Db,
  { orgId, gatewayId, stationId }: { orgId: string; gatewayId: string; stationId?: string },
): Promise<void> {
  const [gateway] = await db
    .select({ id: gateways.id })
    .from(gateways)
    .where(and(eq(gateways.id, gatewayId), eq(gateways.orgId, orgId)))
    .limit(1);
  if (!gateway) throw badRequest(`Unknown gateway ${gatewayId}`, 'gatewayId');
  const [other] = await db
    .select({ name: distributionStations.name })
    .from(distributionStations)
    .where(
      and(
        eq(distributionStations.orgId, orgId),
        eq(distributionStations.gatewayId, gatewayId),
        stationId ? ne(distributionStations.id, stationId) : undefined,
      ),
    )
    .limit(1);
  if (other)
    throw new HttpError(
      409,
      `Gateway ${gatewayId} is already the gateway of ${other.name}`,
      'gateway_taken',
      'gatewayId',
    );
}
