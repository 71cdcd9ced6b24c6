import { rawRuleSchema } from './rule-schema';
import { describe, expect, it } from 'vitest';
import { ALL_PERMISSIONS, abilityFor, can, permissionLabel, type Permission } from './model';
import {
  ROLE_ABILITIES,
  ROLE_CAN_OVERRIDE,
  ROLE_NAMES,
  idleLogoutApplies,
  isCustomerSuperAdmin,
  mayEditFloorPlans,
  mayHearAlerts,
  mayOverrideRole,
  mayPollAlerts,
  type RoleName,
} from './roles';

const ability = (role: RoleName) => abilityFor(ROLE_ABILITIES[role]);
const holds = (role: RoleName) => ALL_PERMISSIONS.filter((p) => can(ability(role), p)).map(permissionLabel);

describe('roles (SPEC §6)', () => {
  it('names every role SPEC §6 names, plus a customer super-admin and security', () => {
    expect(ROLE_NAMES).toEqual(
      expect.arrayContaining([
        'superAdmin',
        'admin',
        'default',
        'factory',
        'warehouse',
        'warehouseAutomation',
        'warehouseTempo',
        'distribution',
        'distributionAdmin',
        'noAccess',
        'smpReportUser',
        'remotePerson',
        'assetTracking',
        'assetTrackingAdmin',
        'assetTrackingUser',
        'canopyOnCallSupport',
        'security',
      ]),
    );
    expect(ROLE_NAMES.filter(isCustomerSuperAdmin)).toEqual(['customerSuperAdmin']);
  });

  it.each<[string, boolean]>([
    ['customerSuperAdmin', true],
    ['CustomerSuperAdmin', true],
    ['super-admin-customer', false],
    ['superAdmin', false],
    ['customerAdmin', false],
  ])('%s is a customer super-admin: %s', (role, expected) => {
    expect(isCustomerSuperAdmin(role)).toBe(expected);
  });

  it.each(ROLE_NAMES)('stores valid rules for %s', (role) => {
    for (const rule of ROLE_ABILITIES[role]) expect(rawRuleSchema.parse(rule)).toEqual(rule);
  });

  it('gives noAccess no abilities at all', () => {
    expect(ROLE_ABILITIES.noAccess).toEqual([]);
    expect(holds('noAccess')).toEqual([]);
  });

  it('gives superAdmin every check, every field included', () => {
    expect(holds('superAdmin')).toHaveLength(ALL_PERMISSIONS.length);
  });

  it('gives security what answering alerts needs, and nothing more', () => {
    expect(holds('security').sort()).toEqual(
      [
        'list Alert',
        'read Alert',
        'update Alert',
        ...['list', 'read', 'update'].flatMap((a) =>
          ['sound', 'dangerousLocation', 'test'].map((f) => `${a} Alert ${f}`),
        ),
        'read Console',
        'read FloorPlan',
        'read Video',
        'list Zone',
        'read Zone',
        'delete Timer',
        'delete Timer logout',
      ].sort(),
    );
  });
});

describe('role abilities per check (SPEC §6, docs/ROLES.md)', () => {
  it.each<[RoleName, Permission, boolean]>([
    ['admin', ['update', 'Tag', 'maintMode'], true],
    ['admin', ['update', 'Tag', 'bulkUnflag'], false],
    ['admin', ['list', 'Order'], false],
    ['admin', ['read', 'Inventory'], false],
    ['admin', ['update', 'User'], true],
    ['admin', ['update', 'Role'], false],
    ['customerSuperAdmin', ['update', 'User'], true],
    ['default', ['read', 'Gateway', 'status'], true],
    ['default', ['read', 'Gateway', 'realTimeStatus'], false],
    ['default', ['update', 'User'], false],
    ['default', ['update', 'FloorPlan'], false],
    ['warehouse', ['update', 'Tag', 'bulkUnflag'], true],
    ['warehouseTempo', ['delete', 'Inventory'], false],
    ['distribution', ['update', 'Tag'], true],
    ['distribution', ['read', 'DistributionStation'], true],
    ['smpReportUser', ['read', 'Report', 'analytics'], true],
    ['canopyOnCallSupport', ['read', 'Order'], true],
    ['canopyOnCallSupport', ['read', 'Alert', 'sound'], false],
  ])('%s: %j → %s', (role, permission, expected) => {
    expect(can(ability(role), permission)).toBe(expected);
  });

  it('keeps bulk unflag to superAdmin and warehouse', () => {
    expect(ROLE_NAMES.filter((role) => can(ability(role), ['update', 'Tag', 'bulkUnflag']))).toEqual([
      'superAdmin',
      'warehouse',
    ]);
  });

  it('keeps user management to superAdmin, admin and customerSuperAdmin', () => {
    expect(ROLE_NAMES.filter((role) => can(ability(role), ['update', 'User']))).toEqual([
      'superAdmin',
      'customerSuperAdmin',
      'admin',
    ]);
  });
});

describe('ability predicates (SPEC §6, §4 Session)', () => {
  it.each<[RoleName, boolean, boolean, boolean]>([
    // role, mayHearAlerts, mayEditFloorPlans, mayPollAlerts (browser)
    ['security', true, false, true],
    ['default', true, false, true],
    ['admin', true, true, true],
    ['superAdmin', true, true, true],
    ['canopyOnCallSupport', false, false, true],
    ['distribution', false, false, false],
    ['noAccess', false, false, false],
  ])('%s: hears %s, edits plans %s, polls %s', (role, hears, edits, polls) => {
    expect(mayHearAlerts(ability(role))).toBe(hears);
    expect(mayEditFloorPlans(ability(role))).toBe(edits);
    expect(mayPollAlerts(ability(role), false)).toBe(polls);
    expect(mayPollAlerts(ability(role), true)).toBe(false);
  });

  it.each<[RoleName, boolean, boolean]>([
    ['admin', false, true],
    ['admin', true, false],
    ['default', false, true],
    ['security', false, false],
    ['superAdmin', false, false],
    ['distribution', true, false],
    ['noAccess', false, true],
  ])('idle logout for %s (API-key session %s) → %s', (role, isApiKey, expected) => {
    expect(idleLogoutApplies(ability(role), isApiKey)).toBe(expected);
  });
});

describe('role override for the session (SPEC §2.2)', () => {
  it('is allowed to superAdmin only', () => {
    expect(ROLE_CAN_OVERRIDE).toEqual(['superAdmin']);
    expect(mayOverrideRole('superAdmin')).toBe(true);
    expect(mayOverrideRole('canopyOnCallSupport')).toBe(false);
    expect(mayOverrideRole('admin')).toBe(false);
  });
});
