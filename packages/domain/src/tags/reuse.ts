/** The part of a tag audit entry (before/after snapshots, as written by the audit log) that reuse reads. */
export type TagAuditEntry = {
  before?: TagUrgencySnapshot | null;
  after?: TagUrgencySnapshot | null;
};
type TagUrgencySnapshot = { config?: { collection?: { urgency?: number | null } | null } | null };

/** SPEC §4 Tag reuse: urgencies below this mark a tag as having been flagged for collection. */
export const REUSE_BLOCKING_URGENCY_BELOW = 2;

function urgencyOf(snapshot: TagUrgencySnapshot | null | undefined): number | null {
  return snapshot?.config?.collection?.urgency ?? null;
}

/** SPEC §4 Tag reuse: a tag is reusable unless its audit history changes collection.urgency to below 2. */
export function isTagReusable(auditHistory: readonly TagAuditEntry[]): boolean {
  return !auditHistory.some((entry) => {
    const after = urgencyOf(entry.after);
    return after !== null && after < REUSE_BLOCKING_URGENCY_BELOW && after !== urgencyOf(entry.before);
  });
}
