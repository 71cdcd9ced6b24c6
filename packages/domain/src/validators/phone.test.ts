import { describe, it, expect } from 'vitest';
import { INVALID_PHONE_REASON, PHONE_DEFAULT_REGION, parsePhone } from './phone';

describe('parsePhone (SPEC §5, §9 default region US)', () => {
  it.each([
    ['2015550123', '+12015550123'],
    ['(201) 555-0123', '+12015550123'],
    ['201.555.0123', '+12015550123'],
    ['1 201 555 0123', '+12015550123'],
    ['+1 212 555 1234', '+12125551234'],
    [' 212-555-1234 ', '+12125551234'],
    ['+44 20 7946 0958', '+442079460958'],
  ])('accepts %j as %s', (input, value) => {
    expect(parsePhone(input)).toEqual({ ok: true, value });
  });

  it.each([['555-0123'], ['1234567890'], ['0123456789'], ['911'], ['phone'], ['']])('refuses %j', (input) => {
    expect(parsePhone(input)).toEqual({ ok: false, reason: INVALID_PHONE_REASON });
  });

  it('reads numbers in the default region US (SPEC §9)', () => {
    expect(PHONE_DEFAULT_REGION).toBe('US');
  });

  it('uses the exact message of SPEC §5', () => {
    expect(INVALID_PHONE_REASON).toBe('Invalid phone number');
  });
});
