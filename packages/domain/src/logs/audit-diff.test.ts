import { describe, expect, it } from 'vitest';
import { auditChanges } from './audit-diff';

// SPEC §7 GET log/audit?includeDetails=true: what changed, as a before/after diff.
describe('auditChanges (SPEC §7 log/audit includeDetails)', () => {
  it.each([
    ['an unchanged entry', { name: 'Ana' }, { name: 'Ana' }, []],
    ['a renamed value', { name: 'Ana' }, { name: 'Ann' }, [{ path: 'name', before: 'Ana', after: 'Ann' }]],
    [
      'a nested value, by its dotted path',
      { config: { owner: { name: 'Ana', personId: 'P-1' } } },
      { config: { owner: { name: 'Bo', personId: 'P-1' } } },
      [{ path: 'config.owner.name', before: 'Ana', after: 'Bo' }],
    ],
    [
      'a value set where there was none',
      { config: {} },
      { config: { label: 'Badge 1' } },
      [{ path: 'config.label', after: 'Badge 1' }],
    ],
    [
      'an object set where there was none, value by value',
      { config: {} },
      { config: { owner: { name: 'Ana', personId: 'P-1' } } },
      [
        { path: 'config.owner.name', after: 'Ana' },
        { path: 'config.owner.personId', after: 'P-1' },
      ],
    ],
    [
      'a value removed',
      { config: { label: 'Badge 1' } },
      { config: {} },
      [{ path: 'config.label', before: 'Badge 1' }],
    ],
    [
      'a value cleared to null (null is a value)',
      { config: { owner: { name: 'Ana' } } },
      { config: { owner: null } },
      [{ path: 'config.owner', before: { name: 'Ana' }, after: null }],
    ],
    [
      'an array, as one value',
      { labels: ['a', 'b'] },
      { labels: ['a', 'c'] },
      [{ path: 'labels', before: ['a', 'b'], after: ['a', 'c'] }],
    ],
    ['an equal array', { labels: ['a', { b: 1 }] }, { labels: ['a', { b: 1 }] }, []],
    ['a number that became a string', { n: 1 }, { n: '1' }, [{ path: 'n', before: 1, after: '1' }]],
    ['updatedAt alone (bookkeeping, ignored)', { updatedAt: 'x' }, { updatedAt: 'y' }, []],
    [
      'a nested updatedAt (only the top-level one is bookkeeping)',
      { state: { updatedAt: 'x' } },
      { state: { updatedAt: 'y' } },
      [{ path: 'state.updatedAt', before: 'x', after: 'y' }],
    ],
  ] as const)('%s', (_name, before, after, expected) => {
    expect(auditChanges(before, after)).toEqual(expected);
  });

  it('lists every value of a created entry, sorted by path, with no before', () => {
    expect(auditChanges(null, { personId: 'P-1', name: 'Ana', contacts: { email: 'a@x.org' } })).toEqual([
      { path: 'contacts.email', after: 'a@x.org' },
      { path: 'name', after: 'Ana' },
      { path: 'personId', after: 'P-1' },
    ]);
  });

  it('lists every value of a deleted entry with no after', () => {
    expect(auditChanges({ name: 'Ana', isRemote: false }, null)).toEqual([
      { path: 'isRemote', before: false },
      { path: 'name', before: 'Ana' },
    ]);
  });

  it('compares scalars at the top as one value', () => {
    expect(auditChanges('a', 'b')).toEqual([{ path: '(value)', before: 'a', after: 'b' }]);
    expect(auditChanges(null, null)).toEqual([]);
  });

  it('takes other ignored paths', () => {
    expect(auditChanges({ a: 1, b: 1 }, { a: 2, b: 2 }, ['a'])).toEqual([{ path: 'b', before: 1, after: 2 }]);
  });
});
