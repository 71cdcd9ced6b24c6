import { describe, it, expect } from 'vitest';
import { PEOPLE_SEARCH_LIMIT, personBodySchema } from './contract';

describe('people contract (SPEC §3 Person, §7 People)', () => {
  it('answers a person search with at most 20 people (§7)', () => {
    expect(PEOPLE_SEARCH_LIMIT).toBe(20);
  });

  it.each([
    ['a name and a person id', { name: 'Ada', personId: 'P1' }, true],
    ['a 200-character name', { name: 'x'.repeat(200), personId: 'P1' }, true],
    ['a 201-character name', { name: 'x'.repeat(201), personId: 'P1' }, false],
    ['a 100-character person id', { name: 'Ada', personId: 'x'.repeat(100) }, true],
    ['a 101-character person id', { name: 'Ada', personId: 'x'.repeat(101) }, false],
    ['a blank name', { name: '  ', personId: 'P1' }, false],
  ] as const)('%s → %s', (_case, body, ok) => {
    expect(personBodySchema.safeParse(body).success).toBe(ok);
  });
});
