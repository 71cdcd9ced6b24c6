import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../platform/db/client';
import { notificationTriggers } from './tables';

// The first step of a notification (tables.ts): a trigger row written in the transaction of the
// change that may notify. The fan-out worker (fan-out.ts) turns it into deliveries.

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
 * The trigger of an alert moment (`escalated`, `closed`) of alert `alertId`, in the caller's
 * transaction. (`created` is written by ingest's batch statement, ingest/write-batch.ts.)
 */
export async function addAlertTrigger(
  tx: Tx | Db,
  alertId: string,
  kind: 'escalated' | 'closed',
  at: Date,
): Promise<void> {
  await tx.execute(sql`insert into ${notificationTriggers} (org_id, kind, alert_id, at)
    select org_id, ${kind}, id, ${at.toISOString()}::timestamptz from alerts where id = ${alertId}`);
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
