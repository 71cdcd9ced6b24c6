import { describe, it, expect } from 'vitest';
import * as c from './constants';

describe('SPEC §9 alert timings', () => {
  it.each([
    ['alert refresh dispatch 2 s', c.ALERT_REFRESH_MS, 2000],
    ['alert refresh failed after 10 s', c.ALERT_REFRESH_FAILED_AFTER_MS, 10_000],
    ['acknowledgement 30 s', c.ACK_HOLD_MS, 30_000],
    ['error-report debounce 10 s', c.ERROR_REPORT_DEBOUNCE_MS, 10_000],
  ] as const)('%s', (_text, actual, expected) => {
    expect(actual).toEqual(expected);
  });
});
