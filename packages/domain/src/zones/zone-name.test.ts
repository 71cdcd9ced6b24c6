import { describe, it, expect } from 'vitest';
import { EMPTY_ZONE_NAME_REASON, parseZoneName } from './zone-name';

describe('parseZoneName (SPEC §5 new zone name is trimmed)', () => {
  it.each([
    ['Ward 3', 'Ward 3'],
    ['  Ward 3  ', 'Ward 3'],
    ['\tEast  Wing\n', 'East  Wing'],
  ])('%j → %j', (input, value) => {
    expect(parseZoneName(input)).toEqual({ ok: true, value });
  });

  it.each([[''], ['   '], ['\n\t']])('refuses %j, empty after trimming', (input) => {
    expect(parseZoneName(input)).toEqual({ ok: false, reason: EMPTY_ZONE_NAME_REASON });
  });
});
