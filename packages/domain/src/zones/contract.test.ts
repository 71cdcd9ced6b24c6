import { describe, it, expect } from 'vitest';
import { zoneNameSchema } from './contract';
import { EMPTY_ZONE_NAME_REASON } from './zone-name';

describe('zoneNameSchema (SPEC §5 new zone name is trimmed)', () => {
  it.each([
    ['Ward 3', 'Ward 3'],
    ['  Ward 3  ', 'Ward 3'],
  ])('%j → %j', (input, value) => {
    expect(zoneNameSchema.parse(input)).toBe(value);
  });

  it.each([[''], ['   ']])('refuses %j with the rule of parseZoneName', (input) => {
    const result = zoneNameSchema.safeParse(input);
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([EMPTY_ZONE_NAME_REASON]);
  });

  it('refuses a name over 200 characters', () => {
    expect(zoneNameSchema.safeParse('x'.repeat(201)).success).toBe(false);
  });
});
