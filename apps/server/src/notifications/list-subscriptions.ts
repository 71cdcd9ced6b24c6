import { and, eq, sql, type SQL } from 'drizzle-orm';
import { SUBSCRIPTION_ACCESS_MESSAGES, booleanParamSchema, type Subscription } from '@vigil/domain';
import type { Db } from '../platform/db/client';
import { users } from '../db/schema';
import { badRequest, notFound } from '../platform/errors';
import { parseListQueryOrThrow, runList, type ListPage, type ListSpec } from '../platform/list/list';
import type { Caller } from '../platform/caller';
import { subscriptions } from './tables';
import {
  assertMayManage,
  findSubscription,
  reachOf,
  recipientRef,
  subscriptionInScope,
  toSubscriptions,
} from './subscription-rows';

// Issue 16: GET /api/subscriptions and /api/subscriptions/{id}. A caller allowed to list Subscription
// sees every subscription of its scope; any other signed-in user, its own only.

const userName = sql`(select ${users.name} from ${users} where ${users.id} = ${subscriptions.userId})`;
const userEmail = sql`(select ${users.email} from ${users} where ${users.id} = ${subscriptions.userId})`;

/** The list engine's view of subscriptions; `mine` is the route's own (below). */
export const subscriptionListSpec: ListSpec = {
  fields: {
    zone: { sql: subscriptions.zoneId, type: 'uuid' },
    'recipient.userId': { sql: subscriptions.userId, type: 'uuid' },
    'recipient.kind': { sql: subscriptions.contactKind, type: 'text' },
    paused: { sql: sql`(${subscriptions.pausedAt} is not null)`, type: 'boolean' },
  },
  sortable: { createdAt: subscriptions.createdAt, updatedAt: subscriptions.updatedAt },
  // Newest first: a subscription just added tops the list.
  defaultOrder: '-createdAt',
  idColumn: subscriptions.id,
  search: [subscriptions.contactName, subscriptions.contactAddress, userName, userEmail],
};

/** `mine=true`: only the subscriptions telling the caller (none for an API key, which is nobody). */
function mineFilter(caller: Caller, mine: unknown): SQL | undefined {
  const parsed = booleanParamSchema.safeParse(Array.isArray(mine) ? mine[0] : mine);
  if (!parsed.success) throw badRequest('mine must be true or false', 'mine');
  if (!parsed.data) return undefined;
  return caller.userId ? eq(subscriptions.userId, caller.userId) : sql`false`;
}

/** GET /api/subscriptions: `{data, total}` of the caller's reach, newest first. */
export async function listSubscriptions(
  db: Db,
  caller: Caller,
  query: Record<string, unknown>,
): Promise<ListPage<Subscription>> {
  const reach = reachOf(caller, 'list');
  const { mine, ...rest } = query;
  const parsed = parseListQueryOrThrow(rest, subscriptionListSpec);
  const own = reach === 'own' ? eq(subscriptions.userId, caller.userId!) : undefined;
  const where = and(subscriptionInScope(caller.scope), own, mineFilter(caller, mine));
  const page = await runList(db, subscriptions, subscriptionListSpec, parsed, where);
  return { ...page, data: await toSubscriptions(db, page.data) };
}

/** GET /api/subscriptions/{id}: one of the caller's reach. */
export async function getSubscription(db: Db, caller: Caller, id: string): Promise<Subscription> {
  const reach = reachOf(caller, 'read');
  const row = await findSubscription(db, caller.scope, id);
  if (!row) throw notFound(SUBSCRIPTION_ACCESS_MESSAGES.notFound);
  assertMayManage(caller, reach, recipientRef(row));
  const [subscription] = await toSubscriptions(db, [row]);
  return subscription!;
}
