/// <reference types="node" />
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ruleLabel } from './model';
import { ROLE_ABILITIES, ROLE_NAMES } from './roles';

// docs/ROLES.md lists each role's rules by hand; this keeps it in step with ROLE_ABILITIES (SPEC §6).
const doc = readFileSync(new URL('../../../../docs/ROLES.md', import.meta.url), 'utf8');

describe('docs/ROLES.md matches ROLE_ABILITIES (SPEC §6)', () => {
  const rows = doc
    .split('\n')
    .map((line) => line.split('|').map((cell) => cell.trim()))
    .filter((cells) => cells.length === 5);

  it.each(ROLE_NAMES)('lists the rules of %s', (role) => {
    const row = rows.find((cells) => cells[1] === `\`${role}\``);
    expect(row?.[3]).toBe(ROLE_ABILITIES[role].map(ruleLabel).join('; ') || '(none)');
  });
});
