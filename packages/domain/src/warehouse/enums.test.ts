import { describe, it, expect } from 'vitest';
import { CONTACT_KINDS } from './enums';

describe('order enumerations (SPEC §3)', () => {
  it('lists the contact kinds', () => {
    expect(CONTACT_KINDS).toEqual(['sms', 'email', 'ascom', 'connexall', 'vocera', 'wctp', 'tiger']);
  });
});
