import { describe, it, expect } from 'vitest';
import { canSeePersonEmail, personSearchContact } from './contact-visibility';

describe('canSeePersonEmail / personSearchContact (SPEC §6 person search)', () => {
  const person = { personId: 'P-1042', contacts: { email: 'ana@example.com' } };
  it.each([
    ['admin', true],
    ['superAdmin', true],
    ['distribution', true],
    ['distributionAdmin', true],
    ['customerSuperAdmin', true],
    ['acmeCustomerSuperAdmin', true],
    ['Customer_SuperAdmin', true],
    ['customerAdmin', false],
    ['customer-super-admin', false],
    ['default', false],
    ['factory', false],
    ['warehouse', false],
    ['remotePerson', false],
    ['Admin', false],
    [undefined, false],
  ])('%s sees the e-mail: %s', (role, sees) => {
    expect(canSeePersonEmail(role)).toBe(sees);
    expect(personSearchContact(person, role)).toBe(sees ? 'ana@example.com' : 'P-1042');
  });

  it.each([
    [{ personId: 'P-7' }],
    [{ personId: 'P-7', contacts: { email: '' } }],
    [{ personId: 'P-7', contacts: null }],
  ])('falls back to the person id when there is no e-mail (%j)', (p) => {
    expect(personSearchContact(p, 'admin')).toBe('P-7');
  });
});
