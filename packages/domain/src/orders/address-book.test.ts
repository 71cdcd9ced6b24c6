import { describe, expect, it } from 'vitest';
import { formatOrderAddress, parseContactValue } from './address-book';

describe('parseContactValue (SPEC §3 contact kinds, §5 phone numbers parsed as US)', () => {
  it.each([
    ['sms', '(201) 555-0123', { ok: true, value: '+12015550123' }],
    ['sms', '+44 20 7946 0958', { ok: true, value: '+442079460958' }],
    ['sms', '555-0123', { ok: false, reason: 'Invalid phone number' }],
    ['sms', 'nurse desk', { ok: false, reason: 'Invalid phone number' }],
    ['email', ' stores@demo.example ', { ok: true, value: 'stores@demo.example' }],
    ['email', 'stores@', { ok: false, reason: 'Invalid e-mail address' }],
    ['wctp', ' 4411 ', { ok: true, value: '4411' }],
    ['vocera', 'ward3.charge', { ok: true, value: 'ward3.charge' }],
    ['vocera', 'ward 3', { ok: false, reason: 'Enter the pager or device id' }],
    ['ascom', 'https://ascom.demo.example/hook', { ok: true, value: 'https://ascom.demo.example/hook' }],
    ['tiger', '4411', { ok: false, reason: 'Enter the http(s) address of the receiving system' }],
  ] as const)('%s %j → %j', (kind, value, expected) => {
    expect(parseContactValue(kind, value)).toEqual(expected);
  });
});

describe('formatOrderAddress', () => {
  it.each([
    [
      {
        line1: '1 Main St',
        line2: 'Dock 2',
        city: 'Springfield',
        region: 'IL',
        postalCode: '62701',
        country: 'US',
      },
      '1 Main St, Dock 2, Springfield, IL 62701, US',
    ],
    [
      { line1: '1 Main St', line2: '', city: 'Springfield', region: '', postalCode: '', country: 'US' },
      '1 Main St, Springfield, US',
    ],
    [
      { line1: '9 Rue Cler', city: 'Paris', postalCode: '75007', country: 'FR' },
      '9 Rue Cler, Paris, 75007, FR',
    ],
  ])('%j → %s', (address, line) => {
    expect(formatOrderAddress(address)).toBe(line);
  });
});
