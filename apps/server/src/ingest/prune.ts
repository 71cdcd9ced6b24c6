import { lt } from 'drizzle-orm';
import type { Db } from '../platform/db/client';
import { buttonEvents } from '../db/schema';

/** SPEC §3 Button event: a (tag, nonce) is answered from its first post for this long, then pruned. */
export const BUTTON_EVENT_DEDUPE_MS = 24 * 3600_000;

/** Drops button events past the deduplication window. */
export async function pruneButtonEvents(db: Db, now: Date = new Date()): Promise<void> {
  await db
    .delete(buttonEvents)
    .where(lt(buttonEvents.receivedAt, new Date(now.getTime() - BUTTON_EVENT_DEDUPE_MS)));
}
