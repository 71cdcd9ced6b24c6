import { describe, it, expect } from 'vitest';
import { isLevelBelow, levelRank, nextLevel } from './levels';

describe('levelRank / nextLevel (SPEC §3 Zone levels)', () => {
  it.each([
    ['root', 0, 'org'],
    ['org', 1, 'site'],
    ['site', 2, 'building'],
    ['building', 3, 'floor'],
    ['floor', 4, 'unit'],
    ['unit', 5, 'area'],
    ['area', 6, undefined],
  ] as const)('%s has rank %i, next %s', (level, rank, next) => {
    expect(levelRank(level)).toBe(rank);
    expect(nextLevel(level)).toBe(next);
  });
});

describe('isLevelBelow (SPEC §3 Zone)', () => {
  it.each([
    ['org', 'root', true],
    ['floor', 'building', true],
    ['area', 'unit', true],
    ['unit', 'building', true],
    ['floor', 'floor', false],
    ['building', 'floor', false],
    ['root', 'org', false],
    ['root', 'root', false],
  ] as const)('%s below %s → %s', (child, parent, expected) => {
    expect(isLevelBelow(child, parent)).toBe(expected);
  });
});
