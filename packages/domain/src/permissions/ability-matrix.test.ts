import { describe, expect, it } from 'vitest';
import { abilityMatrix, rulesFromMatrix } from './ability-matrix';
import { ALL_PERMISSIONS, abilityFor } from './model';
import { ROLE_ABILITIES, ROLE_NAMES } from './roles';

describe('ability matrix (SPEC §6: the Roles screen edits abilities as subjects × actions and fields)', () => {
  it.each(ROLE_NAMES)('round-trips the abilities of %s exactly', (role) => {
    const before = abilityFor(ROLE_ABILITIES[role]);
    const after = abilityFor(rulesFromMatrix(abilityMatrix(ROLE_ABILITIES[role])));
    for (const [action, subject, field] of ALL_PERMISSIONS) {
      expect(after.can(action, subject, field), `${action} ${subject} ${field ?? ''}`).toBe(
        before.can(action, subject, field),
      );
    }
  });

  it('withholds a field the subject otherwise allows', () => {
    const rules = rulesFromMatrix({
      subjects: { Alert: ['list', 'read'] },
      fields: { Alert: { sound: [] } },
    });
    const ability = abilityFor(rules);
    expect(ability.can('read', 'Alert', 'test')).toBe(true);
    expect(ability.can('read', 'Alert', 'sound')).toBe(false);
  });

  it('allows a field action the subject does not', () => {
    const ability = abilityFor(rulesFromMatrix({ subjects: {}, fields: { Timer: { logout: ['delete'] } } }));
    expect(ability.can('delete', 'Timer', 'logout')).toBe(true);
    expect(
      abilityMatrix(rulesFromMatrix({ subjects: {}, fields: { Timer: { logout: ['delete'] } } })),
    ).toEqual({
      subjects: {},
      fields: { Timer: { logout: ['delete'] } },
    });
  });

  it('an empty matrix is no rules at all (noAccess)', () => {
    expect(rulesFromMatrix({ subjects: {}, fields: {} })).toEqual([]);
  });
});
