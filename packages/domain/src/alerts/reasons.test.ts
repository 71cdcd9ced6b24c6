import { describe, it, expect } from 'vitest';
import { ALERT_REASONS, ALERT_REASON_CODES, alertReasonSchema, reasonByCode } from './reasons';

describe('reason catalogue (SPEC §4 Alerts, §5 Alert reason editor)', () => {
  it.each([
    ['resolved_assistance_provided', 'resolved', false, true],
    ['resolved_incident_handled', 'resolved', false, true],
    ['resolved_other', 'resolved', true, true],
    ['ignored_false_alarm', 'ignored', false, false],
    ['ignored_accidental_press', 'ignored', false, false],
    ['ignored_other', 'ignored', true, false],
    ['test', 'test', false, false],
  ])('%s: kind %s, needsText %s, asksDetails %s', (code, kind, needsText, asksDetails) => {
    expect(reasonByCode(code)).toMatchObject({ code, kind, needsText, asksDetails });
    expect(alertReasonSchema.safeParse(code).success).toBe(true);
  });

  it.each([['resolved'], ['danger'], ['other'], [''], [null], [undefined]])('%s is not a reason', (code) => {
    expect(reasonByCode(code)).toBeUndefined();
    expect(alertReasonSchema.safeParse(code).success).toBe(false);
  });

  it('names codes by their kind, and only the *_other reasons need text', () => {
    for (const reason of ALERT_REASONS) {
      expect(reason.code === 'test' || reason.code.startsWith(`${reason.kind}_`)).toBe(true);
      expect(reason.needsText).toBe(reason.code.endsWith('_other'));
      expect(reason.label.length).toBeGreaterThan(0);
    }
    expect(ALERT_REASONS.map((r) => r.code)).toEqual([...ALERT_REASON_CODES]);
  });
});
