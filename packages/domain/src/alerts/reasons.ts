import { z } from 'zod';

// SPEC §4 Alerts (closing uses resolved_*, ignored_* or test) and §5 Alert reason editor.
// SPEC §3's third reason kind, 'danger', is the danger reason a press gives (DANGER_REASONS),
// not a way to close an alert, so the close catalogue's kinds are resolved, ignored and test.

/** SPEC §4 Alerts: the kinds of reason an alert is closed with. */
export const ALERT_CLOSE_KINDS = ['resolved', 'ignored', 'test'] as const;
export type AlertCloseKind = (typeof ALERT_CLOSE_KINDS)[number];

/** SPEC §4, §5: the reason codes an alert is closed with, in the order the reason editor offers them. */
export const ALERT_REASON_CODES = [
  'resolved_assistance_provided',
  'resolved_incident_handled',
  'resolved_other',
  'ignored_false_alarm',
  'ignored_accidental_press',
  'ignored_other',
  'test',
] as const;
export const alertReasonSchema = z.enum(ALERT_REASON_CODES);
export type AlertReasonCode = z.infer<typeof alertReasonSchema>;

/** One reason of the catalogue. */
export type AlertReason = {
  code: AlertReasonCode;
  label: string;
  kind: AlertCloseKind;
  /** SPEC §5: the 'other' reasons require a text. */
  needsText: boolean;
  /** SPEC §5: resolved reasons that show the incident questionnaire when the zone's reasonDetails flag is on. */
  asksDetails: boolean;
};

/**
 * SPEC §4 Alerts, §5 Alert reason editor: the reason catalogue. Every resolved reason asks the
 * incident details (a resolved alert was a real incident, whatever handled it); ignored and test
 * reasons never do.
 */
export const ALERT_REASONS: readonly AlertReason[] = [
  {
    code: 'resolved_assistance_provided',
    label: 'Assistance provided',
    kind: 'resolved',
    needsText: false,
    asksDetails: true,
  },
  {
    code: 'resolved_incident_handled',
    label: 'Incident handled',
    kind: 'resolved',
    needsText: false,
    asksDetails: true,
  },
  { code: 'resolved_other', label: 'Other (resolved)', kind: 'resolved', needsText: true, asksDetails: true },
  {
    code: 'ignored_false_alarm',
    label: 'False alarm',
    kind: 'ignored',
    needsText: false,
    asksDetails: false,
  },
  {
    code: 'ignored_accidental_press',
    label: 'Accidental press',
    kind: 'ignored',
    needsText: false,
    asksDetails: false,
  },
  { code: 'ignored_other', label: 'Other (ignored)', kind: 'ignored', needsText: true, asksDetails: false },
  { code: 'test', label: 'Test', kind: 'test', needsText: false, asksDetails: false },
];

/** SPEC §4, §5: the catalogue entry of a reason code, or undefined for a code it does not hold. */
export function reasonByCode(code: string | null | undefined): AlertReason | undefined {
  return ALERT_REASONS.find((r) => r.code === code);
}
