import { describe, expect, it } from 'vitest';
import { alertFixture } from '../test/alert-fixtures';
import { alertLocationPath, alertPersonName, formatAge } from './alert-labels';

describe('alert labels', () => {
  it.each([
    [{}, 'Jane Doe'],
    [{ tag: { id: 'a1b2c3d4e5f6', label: 'Badge 3', owner: null } }, 'Badge 3'],
    [{ tag: { id: 'a1b2c3d4e5f6', label: null, owner: null } }, 'Tag a1b2c3d4e5f6'],
    [
      { tag: { id: 'a1b2c3d4e5f6', label: null, owner: null }, remote: { person: { name: 'Rae Remote' } } },
      'Rae Remote',
    ],
  ])('names the person of %j as %s', (patch, name) => {
    expect(alertPersonName(alertFixture({ id: 'a', ...patch }))).toBe(name);
  });

  it('writes the location path below the organisation', () => {
    const location = {
      id: 'w3',
      name: 'Ward 3',
      path: [
        { id: 'org', name: 'Demo Hospital', level: 'org' as const },
        { id: 's', name: 'Main Campus', level: 'site' as const },
        { id: 'w3', name: 'Ward 3', level: 'area' as const },
      ],
    };
    expect(alertLocationPath(location)).toBe('Main Campus › Ward 3');
    expect(alertLocationPath({ id: 'org', name: 'Demo Hospital', path: [location.path[0]!] })).toBe(
      'Demo Hospital',
    );
    expect(alertLocationPath(null)).toBe('Unknown location');
  });

  it.each([
    [0, '0 s'],
    [59_999, '59 s'],
    [60_000, '1 min'],
    [3_599_000, '59 min'],
    [3_900_000, '1 h 5 min'],
    [93_600_000, '1 d 2 h'],
  ])('shows an age of %i ms as %s', (ms, text) => {
    expect(formatAge(ms)).toBe(text);
  });
});
