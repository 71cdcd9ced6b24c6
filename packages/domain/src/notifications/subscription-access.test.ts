import { describe, expect, it } from 'vitest';
import { abilityFor, type RawRule } from '../permissions/model';
import { ROLE_ABILITIES } from '../permissions/roles';
import {
  SUBSCRIPTION_OPERATIONS,
  mayManageSubscription,
  subscriptionReach,
  subscriptionRefusal,
  type SubscriptionOperation,
  type SubscriptionReach,
  type SubscriptionRecipientRef,
} from './subscription-access';

const admin = abilityFor(ROLE_ABILITIES.admin);
const security = abilityFor(ROLE_ABILITIES.security);
const noAccess = abilityFor(ROLE_ABILITIES.noAccess);
const reader = abilityFor([{ action: ['list', 'read'], subject: 'Subscription' }] as RawRule[]);
const ME = '11111111-1111-4111-8111-111111111111';
const OTHER = '22222222-2222-4222-8222-222222222222';

describe('subscriptionReach: admins everyone’s, users their own (issue 16, SPEC §6 Subscription)', () => {
  it.each([
    ['admin user', admin, ME, 'create', 'all'],
    ['admin user', admin, ME, 'delete', 'all'],
    ['admin API key', admin, undefined, 'test', 'all'],
    ['security user', security, ME, 'list', 'own'],
    ['security user', security, ME, 'pause', 'own'],
    ['noAccess user', noAccess, ME, 'update', 'own'],
    ['security API key', security, undefined, 'list', 'none'],
    ['security API key', security, null, 'create', 'none'],
    ['list/read role', reader, ME, 'read', 'all'],
    ['list/read role', reader, ME, 'update', 'own'],
    ['list/read role', reader, ME, 'delete', 'own'],
  ] as const)('%s, %s → %s', (_who, ability, userId, operation, expected) => {
    expect(subscriptionReach(ability, { userId }, operation)).toBe(expected);
  });

  it('checks SPEC §6 update for every write and delete for delete', () => {
    const updater = abilityFor([{ action: 'update', subject: 'Subscription' }] as RawRule[]);
    const reaches = Object.fromEntries(
      SUBSCRIPTION_OPERATIONS.map((op) => [op, subscriptionReach(updater, { userId: ME }, op)]),
    );
    expect(reaches).toEqual({
      list: 'own',
      read: 'own',
      create: 'all',
      update: 'all',
      pause: 'all',
      delete: 'own',
      test: 'all',
    });
  });
});

describe('mayManageSubscription: a user’s own is the one telling that user (issue 16)', () => {
  const mine: SubscriptionRecipientRef = { type: 'user', userId: ME };
  const theirs: SubscriptionRecipientRef = { type: 'user', userId: OTHER };
  const contact: SubscriptionRecipientRef = { type: 'contact' };
  it.each([
    ['all', ME, mine, true],
    ['all', ME, theirs, true],
    ['all', undefined, contact, true],
    ['own', ME, mine, true],
    ['own', ME, theirs, false],
    ['own', ME, contact, false],
    ['own', undefined, mine, false],
    ['none', ME, mine, false],
    ['none', undefined, contact, false],
  ] as [SubscriptionReach, string | undefined, SubscriptionRecipientRef, boolean][])(
    'reach %s, caller %s, recipient %o → %s',
    (reach, caller, recipient, expected) => {
      expect(mayManageSubscription(reach, caller, recipient)).toBe(expected);
    },
  );
});

describe('subscriptionRefusal (SPEC §6: the permission check’s words)', () => {
  it.each([
    ['list', 'Not allowed to list Subscription'],
    ['create', 'Not allowed to update Subscription'],
    ['delete', 'Not allowed to delete Subscription'],
    ['test', 'Not allowed to update Subscription'],
  ] as [SubscriptionOperation, string][])('%s → %s', (operation, expected) => {
    expect(subscriptionRefusal(operation)).toBe(expected);
  });
});
