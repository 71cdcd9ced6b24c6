import { z } from 'zod';

// SPEC §3 Enumerations of alerts. Each list is an `as const` tuple, a zod schema and the inferred
// type; label maps hold the words SPEC says the console shows instead of the stored value.

/** SPEC §3 Enumerations: danger reasons. */
export const DANGER_REASONS = ['activeShooter', 'other'] as const;
export const dangerReasonSchema = z.enum(DANGER_REASONS);
export type DangerReason = z.infer<typeof dangerReasonSchema>;

/** SPEC §3: 'other' is shown as 'Dangerous emergency'; SPEC gives no wording for activeShooter. */
export const DANGER_REASON_LABELS = {
  activeShooter: 'Active shooter',
  other: 'Dangerous emergency',
} as const satisfies Record<DangerReason, string>;

/**
 * SPEC §3 Alert: reason kinds.
 * Used by the incidents analytics (SPEC §2.1 /analytics/incidents) to group closed alerts.
 */
export const ALERT_REASON_KINDS = ['resolved', 'ignored', 'danger'] as const;
export const alertReasonKindSchema = z.enum(ALERT_REASON_KINDS);
export type AlertReasonKind = z.infer<typeof alertReasonKindSchema>;
