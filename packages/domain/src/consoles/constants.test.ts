import { describe, it, expect } from 'vitest';
import * as c from './constants';

describe('SPEC §9 console timings', () => {
  it.each([
    ['console name refresh 60 s', c.CONSOLE_NAME_REFRESH_MS, 60_000],
    ['heartbeat 60 s', c.HEARTBEAT_MS, 60_000],
    ['snapshot debounce 1 s', c.SNAPSHOT_DEBOUNCE_MS, 1000],
    ['snapshots buffered up to 100 (§7)', c.SNAPSHOT_BUFFER_MAX, 100],
  ] as const)('%s', (_text, actual, expected) => {
    expect(actual).toEqual(expected);
  });
});
