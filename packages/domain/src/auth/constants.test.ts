import { describe, it, expect } from 'vitest';
import * as c from './constants';

describe('SPEC §9 session timings', () => {
  it.each([
    ['idle timeout 840 s', c.IDLE_TIMEOUT_S, 840],
    ['idle countdown 60 s', c.IDLE_COUNTDOWN_S, 60],
    ['idle total 900 s', c.IDLE_TOTAL_S, 900],
    ['token refresh timeout 60 s', c.TOKEN_REFRESH_TIMEOUT_MS, 60_000],
    ['mobile login QR lifetime 60 s', c.MOBILE_LOGIN_QR_LIFETIME_S, 60],
  ] as const)('%s', (_text, actual, expected) => {
    expect(actual).toEqual(expected);
  });
});
