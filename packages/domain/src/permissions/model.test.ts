import { rawRuleSchema } from './rule-schema';
import { describe, expect, it } from 'vitest';
import {
  ACTIONS,
  ALL_PERMISSIONS,
  FIELDS,
  SUBJECTS,
  abilityFor,
  can,
  fieldsOf,
  permissionLabel,
  ruleLabel,
  type Permission,
  type RawRule,
} from './model';

describe('the permission model (SPEC §6)', () => {
  it('has the four actions, twenty-two subjects and the fields SPEC names', () => {
    expect(ACTIONS).toEqual(['list', 'read', 'update', 'delete']);
    expect(SUBJECTS).toHaveLength(22);
    expect(FIELDS).toEqual({
      Alert: ['sound', 'dangerousLocation', 'test'],
      Report: ['metrics', 'tags', 'replacement', 'analytics'],
      Gateway: ['status', 'realTimeStatus', 'outdoor'],
      Tag: ['responders', 'maintMode', 'bulkUnflag', 'batteryLevel'],
      Timer: ['logout'],
    });
    expect(fieldsOf('Zone')).toEqual([]);
  });

  it('lists every subject-wide and per-field check once', () => {
    expect(ALL_PERMISSIONS).toHaveLength(4 * (22 + 15));
    expect(new Set(ALL_PERMISSIONS.map(permissionLabel)).size).toBe(ALL_PERMISSIONS.length);
  });
});

describe('rawRuleSchema (SPEC §6: stored role rules carry no conditions)', () => {
  it.each<[string, unknown]>([
    ['one action on one subject', { action: 'read', subject: 'Alert' }],
    ['lists of actions and subjects', { action: ['list', 'read'], subject: ['Zone', 'Tag'] }],
    ['a field of the subject', { action: 'read', subject: 'Alert', fields: 'sound' }],
    ['an inverted rule', { action: 'update', subject: 'Tag', fields: ['bulkUnflag'], inverted: true }],
  ])('accepts %s', (_, rule) => {
    expect(rawRuleSchema.safeParse(rule).success).toBe(true);
  });

  it.each<[string, unknown]>([
    ['conditions', { action: 'read', subject: 'Alert', conditions: { zone: 'a' } }],
    ["CASL's manage wildcard", { action: 'manage', subject: 'Alert' }],
    ["CASL's all subject", { action: 'read', subject: 'all' }],
    ['a field of another subject', { action: 'read', subject: 'Zone', fields: 'sound' }],
    ['an unknown field', { action: 'read', subject: 'Alert', fields: 'config' }],
    ['an empty action list', { action: [], subject: 'Alert' }],
    ['an unknown key', { action: 'read', subject: 'Alert', reason: 'x' }],
  ])('refuses %s', (_, rule) => {
    expect(rawRuleSchema.safeParse(rule).success).toBe(false);
  });
});

describe('can (SPEC §6: a check against the ability)', () => {
  const ability = abilityFor([
    { action: ['list', 'read', 'update'], subject: ['Tag', 'Alert'] },
    { action: 'update', subject: 'Tag', fields: 'bulkUnflag', inverted: true },
    { action: 'delete', subject: 'Timer', fields: 'logout' },
  ]);
  it.each<[Permission, boolean]>([
    [['read', 'Alert'], true],
    [['read', 'Alert', 'sound'], true],
    [['delete', 'Alert'], false],
    [['update', 'Tag'], true],
    [['update', 'Tag', 'maintMode'], true],
    [['update', 'Tag', 'bulkUnflag'], false],
    [['read', 'Tag', 'bulkUnflag'], true],
    [['delete', 'Timer', 'logout'], true],
    [['read', 'Zone'], false],
  ])('%j → %s', (permission, expected) => {
    expect(can(ability, permission)).toBe(expected);
  });

  it('allows nothing without rules', () => {
    const none = abilityFor([]);
    expect(ALL_PERMISSIONS.filter((p) => can(none, p))).toEqual([]);
  });
});

describe('labels (SPEC §6: a role shows its abilities readably)', () => {
  it.each<[Permission, string]>([
    [['read', 'Alert', 'sound'], 'read Alert sound'],
    [['list', 'User'], 'list User'],
  ])('%j → %s', (permission, label) => {
    expect(permissionLabel(permission)).toBe(label);
  });

  it.each<[RawRule, string]>([
    [{ action: ['list', 'read'], subject: 'Alert' }, 'list, read Alert'],
    [{ action: 'read', subject: ['LogAlert', 'LogSync'] }, 'read LogAlert, LogSync'],
    [{ action: 'delete', subject: 'Timer', fields: 'logout' }, 'delete Timer logout'],
    [
      { action: 'update', subject: 'Tag', fields: ['bulkUnflag'], inverted: true },
      'not update Tag bulkUnflag',
    ],
  ])('%j → %s', (rule, label) => {
    expect(ruleLabel(rule)).toBe(label);
  });
});
