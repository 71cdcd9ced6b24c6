import type { Db, Tx } from '../platform/db/client';
import { notificationTriggers } from './tables';

// The first step of a notification (tables.ts): a trigger row written in the transaction of the
// change that may notify — an alert's creation (ingest/write-batch.ts), escalation or close
// (alerts/alert-rows.ts addHistory), a test. The fan-out worker (fan-out.ts) turns it into deliveries.

/** Wakes this instance's fan-out worker after a commit that wrote a trigger (set by the worker). */
let wake: () => void = () => undefined;
export function onTriggerWritten(fn: () => void): void {
  wake = fn;
}
/** Tells the worker a trigger was committed (other instances find it by polling, or NOTIFY). */
export function triggerWritten(): void {
  wake();
}

/**
 * SPEC "test" of a subscription: a trigger for that subscription alone; its delivery is sent like
 * any other. Resolves to the trigger's id.
 */
export async function queueTestNotification(
  db: Db | Tx,
  { orgId, subscriptionId }: { orgId: string; subscriptionId: string },
): Promise<number> {
  const [row] = await db
    .insert(notificationTriggers)
    .values({ orgId, kind: 'test', subscriptionId })
    .returning({ id: notificationTriggers.id });
  return row!.id;
}
