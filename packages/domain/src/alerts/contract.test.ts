import { describe, it, expect } from 'vitest';
import { alertUpdateBodySchema, alertsQuerySchema } from './contract';

describe('alertUpdateBodySchema (SPEC §7 PUT alerts/{id})', () => {
  it.each([
    ['acknowledge', { acknowledged: true }, true],
    ['acknowledged false', { acknowledged: false }, false],
    ['close', { reasonCode: 'resolved_other', reasonText: 'x', reasonDetails: { category: 'verbal' } }, true],
    ['close with an unknown code', { reasonCode: 'resolved' }, false],
    ['acknowledge and close at once', { acknowledged: true, reasonCode: 'test' }, false],
    ['empty', {}, false],
  ])('%s → %s', (_case, input, ok) => {
    expect(alertUpdateBodySchema.safeParse(input).success).toBe(ok);
  });
});

describe('alertsQuerySchema (SPEC §7 GET alerts/?test=&skipCache=&zones=)', () => {
  const a = '0b6f1c1e-8f43-4a6b-9b0e-6d2f1d4c5a01';
  const b = '1c7a2d2f-9a54-4b7c-8c1f-7e3a2e5d6b12';
  it('splits zones and reads booleans', () => {
    expect(alertsQuerySchema.parse({ test: 'true', skipCache: '0', zones: `${a}, ${b},` })).toEqual({
      test: true,
      skipCache: false,
      zones: [a, b],
    });
  });
  it('refuses a zone that is not an id', () => {
    expect(alertsQuerySchema.safeParse({ zones: `${a},ward-3` }).success).toBe(false);
  });
  it('leaves everything optional', () => {
    expect(alertsQuerySchema.parse({})).toEqual({});
  });
});
