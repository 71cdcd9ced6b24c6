import { describe, it, expect } from 'vitest';
import { CATEGORIES, ZONE_LEVELS, ZONE_STATES, zoneLevelSchema } from './enums';

describe('zone enumerations (SPEC §3)', () => {
  it.each([
    ['zone levels, in order', ZONE_LEVELS, ['root', 'org', 'site', 'building', 'floor', 'unit', 'area']],
    ['zone states', ZONE_STATES, ['active', 'inactive']],
    ['categories', CATEGORIES, ['indoor', 'outdoor', 'home']],
  ] as const)('%s', (_name, values, expected) => {
    expect(values).toEqual(expected);
  });

  it.each([
    ['area', true],
    ['room', false],
  ] as const)('zone level %j valid %s', (value, valid) => {
    expect(zoneLevelSchema.safeParse(value).success).toBe(valid);
  });
});
