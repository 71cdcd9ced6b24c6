import { describe, expect, it } from 'vitest';
import { ALL_PERMISSIONS, abilityFor, can, type RawRule } from './model';
import { ROLE_ASSIGNMENT_BLACKLIST, assignableRoles, mayAssignRole } from './role-assignment';
import { ROLE_ABILITIES, ROLE_NAMES, type RoleName } from './roles';

describe("mayAssignRole (SPEC §5 'Role assignment blacklists': each list names roles that role may NOT assign)", () => {
  it.each<[string, string, true | string]>([
    ['admin', 'superAdmin', 'A admin may not assign the role superAdmin'],
    ['admin', 'default', 'A admin may not assign the role default'],
    ['admin', 'canopyOnCallSupport', 'A admin may not assign the role canopyOnCallSupport'],
    ['admin', 'assetTrackingUser', 'A admin may not assign the role assetTrackingUser'],
    ['admin', 'admin', true],
    ['admin', 'security', true],
    ['admin', 'customerSuperAdmin', true],
    ['admin', 'noAccess', true],
    ['superAdmin', 'admin', true],
    ['superAdmin', 'superAdmin', true],
    ['superAdmin', 'canopyOnCallSupport', true],
    ['superAdmin', 'default', 'A superAdmin may not assign the role default'],
    ['default', 'admin', 'A default may not assign the role admin'],
    ['default', 'superAdmin', 'A default may not assign the role superAdmin'],
    ['default', 'security', 'A default may not assign roles'],
    ['customerSuperAdmin', 'admin', true],
    ['customerSuperAdmin', 'superAdmin', 'A customerSuperAdmin may not assign the role superAdmin'],
    ['security', 'noAccess', 'A security may not assign the role noAccess'],
    ['distributionAdmin', 'distribution', 'A distributionAdmin may not assign the role distribution'],
    ['admin', 'wizard', 'Unknown role wizard'],
    ['wizard', 'admin', 'Unknown role wizard'],
  ])('%s assigning %s → %s', (assigner, target, expected) => {
    expect(mayAssignRole(assigner, target)).toEqual(
      expected === true ? { ok: true } : { ok: false, reason: expected },
    );
  });

  it("keeps SPEC's three lists as written", () => {
    expect(ROLE_ASSIGNMENT_BLACKLIST.superAdmin).toEqual(['default']);
    expect([...ROLE_ASSIGNMENT_BLACKLIST.default].sort()).toEqual(
      [...ROLE_ASSIGNMENT_BLACKLIST.admin, 'admin'].sort(),
    );
    expect(ROLE_ASSIGNMENT_BLACKLIST.admin).toHaveLength(12);
  });
});

describe('assignableRoles (SPEC §5)', () => {
  it.each<[string, string[]]>([
    ['superAdmin', ROLE_NAMES.filter((role) => role !== 'default')],
    ['admin', ['customerSuperAdmin', 'admin', 'security', 'distribution', 'distributionAdmin', 'noAccess']],
    [
      'customerSuperAdmin',
      ['customerSuperAdmin', 'admin', 'security', 'distribution', 'distributionAdmin', 'noAccess'],
    ],
    ['default', []],
    ['security', []],
    ['noAccess', []],
  ])('%s may assign %j', (assigner, expected) => {
    expect(assignableRoles(assigner, ROLE_NAMES)).toEqual(expected);
  });

  it('keeps the order of the given roles and drops unknown ones', () => {
    expect(assignableRoles('admin', ['noAccess', 'superAdmin', 'ghost', 'admin'])).toEqual([
      'noAccess',
      'admin',
    ]);
  });

  // docs/ROLES.md: nobody makes a role holding an ability it lacks itself; the idle-logout exemption
  // (delete Timer logout) is a session setting, not a power over data, so admin may make security.
  it.each(ROLE_NAMES)('lets %s assign only roles holding nothing beyond its own abilities', (assigner) => {
    const mine = abilityFor(ROLE_ABILITIES[assigner]);
    for (const target of assignableRoles(assigner, ROLE_NAMES) as RoleName[]) {
      const theirs = abilityFor(ROLE_ABILITIES[target]);
      const beyond = ALL_PERMISSIONS.filter((p) => p[1] !== 'Timer' && can(theirs, p) && !can(mine, p));
      expect({ target, beyond }).toEqual({ target, beyond: [] });
    }
  });
});

describe('custom roles (SPEC §5 extended to roles made on the Roles screen)', () => {
  const nightShift: RawRule[] = [{ action: ['list', 'read'], subject: 'Alert' }];
  const tooStrong: RawRule[] = [{ action: ['list', 'read', 'update', 'delete'], subject: 'Role' }];

  it('lets an admin assign a custom role it fully holds', () => {
    expect(
      mayAssignRole('admin', 'nightShift', { assigner: ROLE_ABILITIES.admin, target: nightShift }),
    ).toEqual({ ok: true });
  });

  it('refuses a custom role holding more than the assigner', () => {
    const verdict = mayAssignRole('admin', 'roleEditor', {
      assigner: ROLE_ABILITIES.admin,
      target: tooStrong,
    });
    expect(verdict.ok).toBe(false);
  });

  it('refuses a custom role to a role that manages no users, and without its rules', () => {
    expect(
      mayAssignRole('security', 'nightShift', { assigner: ROLE_ABILITIES.security, target: nightShift }).ok,
    ).toBe(false);
    expect(mayAssignRole('admin', 'nightShift')).toEqual({ ok: false, reason: 'Unknown role nightShift' });
  });

  it('offers custom roles in assignableRoles when their rules are known', () => {
    const rules: Record<string, readonly RawRule[]> = { ...ROLE_ABILITIES, nightShift };
    expect(assignableRoles('admin', ['security', 'nightShift', 'superAdmin'], (r) => rules[r])).toEqual([
      'security',
      'nightShift',
    ]);
  });
});
