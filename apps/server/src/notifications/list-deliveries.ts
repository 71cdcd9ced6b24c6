import { and, eq, sql, type SQL } from 'drizzle-orm';
import { CHANNEL_KINDS, type ChannelHealth, type ChannelKindName, type Delivery } from '@vigil/domain';
import type { Db } from '../platform/db/client';
import { alerts, notifications, subscriptions, zones } from '../db/schema';
import { parseListQueryOrThrow, runList, type ListPage, type ListSpec } from '../platform/list/list';
import { zoneInScope } from '../platform/scope-sql';
import type { Scope } from '../platform/scope';

// Issue 16 "A delivery log (who, what, channel, attempts, last error, delivered at) on the alert
// detail and as a log screen; a channel failing for more than a minute shows a warning banner to
// admins."

export const deliveryListSpec: ListSpec = {
  fields: {
    state: { sql: notifications.state, type: 'text' },
    channel: { sql: notifications.channel, type: 'text' },
    alertId: { sql: notifications.alertId, type: 'uuid' },
    subscriptionId: { sql: notifications.subscriptionId, type: 'uuid' },
    createdAt: { sql: notifications.createdAt, type: 'timestamp' },
    deliveredAt: { sql: notifications.deliveredAt, type: 'timestamp' },
  },
  sortable: { createdAt: notifications.createdAt, deliveredAt: notifications.deliveredAt },
  defaultOrder: '-createdAt',
  idColumn: notifications.id,
  search: [notifications.recipient, notifications.address, notifications.subject],
};

/**
 * The deliveries the caller may see: of its organisation, about an alert in its scope, or (tests,
 * digests) of a subscription whose zone is in its scope.
 */
function deliveriesInScope(scope: Scope): SQL {
  const inScope = zoneInScope(scope);
  return sql`${notifications.orgId} = ${scope.orgId} and (
    ${notifications.alertId} in (select ${alerts.id} from ${alerts}
      where ${alerts.orgId} = ${scope.orgId} and (${alerts.zoneId} is null and ${scope.roots.includes(scope.orgId)}
        or ${alerts.zoneId} in (select ${zones.id} from ${zones} where ${inScope})))
    or (${notifications.alertId} is null and ${notifications.subscriptionId} in (
      select ${subscriptions.id} from ${subscriptions}
      where ${subscriptions.zoneId} in (select ${zones.id} from ${zones} where ${inScope}))))`;
}

type Row = typeof notifications.$inferSelect;

function toDelivery(row: Row, modes: Map<string, string>): Delivery {
  return {
    id: row.id,
    recipient: row.recipient,
    subscriptionId: row.subscriptionId,
    alertId: row.alertId,
    mode: (row.alertId ? (modes.get(row.alertId) ?? null) : null) as Delivery['mode'],
    moment: row.moment as Delivery['moment'],
    subject: row.subject,
    channel: row.channel as ChannelKindName,
    address: row.address,
    state: row.state as Delivery['state'],
    attempts: row.attempts,
    lastError: row.lastError,
    createdAt: row.createdAt.toISOString(),
    dueAt: row.dueAt.toISOString(),
    deliveredAt: row.deliveredAt?.toISOString() ?? null,
  };
}

/** GET /api/notifications/deliveries: the list engine's paging, filters and search. */
export async function listDeliveries(
  db: Db,
  scope: Scope,
  query: Record<string, unknown>,
): Promise<ListPage<Delivery>> {
  const parsed = parseListQueryOrThrow(query, deliveryListSpec);
  const page = await runList<Row>(db, notifications, deliveryListSpec, parsed, deliveriesInScope(scope));
  const alertIds = [...new Set(page.data.flatMap((r) => (r.alertId ? [r.alertId] : [])))];
  const modes = new Map(
    alertIds.length
      ? (
          await db
            .select({ id: alerts.id, mode: alerts.mode })
            .from(alerts)
            .where(sql`${alerts.id} in ${alertIds}`)
        ).map((a) => [a.id, a.mode])
      : [],
  );
  return { ...page, data: page.data.map((row) => toDelivery(row, modes)) };
}

/**
 * GET /api/notifications/health: for each channel, whether it is configured and since when its
 * deliveries have been failing: the first failed attempt after the channel last delivered, of the
 * caller's organisation.
 */
export async function channelHealth(
  db: Db,
  orgId: string,
  configured: ReadonlySet<ChannelKindName>,
): Promise<ChannelHealth> {
  const rows = await db
    .select({
      channel: notifications.channel,
      lastDelivered: sql<string | null>`max(${notifications.deliveredAt})`,
    })
    .from(notifications)
    .where(eq(notifications.orgId, orgId))
    .groupBy(notifications.channel);
  const delivered = new Map(rows.map((r) => [r.channel, r.lastDelivered ? new Date(r.lastDelivered) : null]));
  const channels = await Promise.all(
    CHANNEL_KINDS.map(async (channel) => {
      const since = delivered.get(channel) ?? new Date(0);
      const [failing] = await db
        .select({
          first: sql<
            string | null
          >`min(coalesce(${notifications.lastAttemptAt}, ${notifications.createdAt}))`,
          lastError: sql<
            string | null
          >`(array_agg(${notifications.lastError} order by ${notifications.lastAttemptAt} desc))[1]`,
        })
        .from(notifications)
        .where(
          and(
            eq(notifications.orgId, orgId),
            eq(notifications.channel, channel),
            sql`${notifications.lastError} is not null and ${notifications.state} in ('pending', 'failed')`,
            sql`${notifications.createdAt} > ${since.toISOString()}::timestamptz`,
          ),
        );
      return {
        channel,
        configured: configured.has(channel),
        failingSince: failing?.first ? new Date(failing.first).toISOString() : null,
        lastError: failing?.first ? (failing.lastError ?? null) : null,
      };
    }),
  );
  return { channels };
}
