import { describe, it, expect } from 'vitest';
import { ALERT_REASON_KINDS, DANGER_REASONS, DANGER_REASON_LABELS } from './enums';

describe('alert enumerations (SPEC §3)', () => {
  it.each([
    ['danger reasons', DANGER_REASONS, ['activeShooter', 'other']],
    ['alert reason kinds', ALERT_REASON_KINDS, ['resolved', 'ignored', 'danger']],
  ] as const)('%s', (_name, values, expected) => {
    expect(values).toEqual(expected);
  });

  it('shows danger reason other as Dangerous emergency', () => {
    expect(DANGER_REASON_LABELS.other).toBe('Dangerous emergency');
  });
});
