import { describe, expect, it } from 'vitest';
import type { ZoneLevel } from '../zones/enums';
import { distanceLabel, nearestResponders, walkingDistance, type PathStep } from './walking-distance';

// Issue 20 "Responders": walking distance on the zone tree (same unit, same floor, same building…).

const LEVELS: ZoneLevel[] = ['root', 'org', 'site', 'building', 'floor', 'unit', 'area'];
/** A path from names: 'r/o/s/b/f/u' → each step's level by its depth. */
const path = (p: string): PathStep[] => p.split('/').map((id, i) => ({ id, level: LEVELS[i]! }));

describe('walkingDistance (issue 20)', () => {
  it.each([
    ['the same unit', 'r/o/s/b/f/u1', 'r/o/s/b/f/u1', 0, 'Same place'],
    ['two areas of one unit', 'r/o/s/b/f/u1/a1', 'r/o/s/b/f/u1/a2', 2, 'Same unit'],
    ['an area and its unit', 'r/o/s/b/f/u1/a1', 'r/o/s/b/f/u1', 2, 'Same unit'],
    ['two units of one floor', 'r/o/s/b/f/u1', 'r/o/s/b/f/u2', 3, 'Same floor'],
    ['two floors of one building', 'r/o/s/b/f1/u1', 'r/o/s/b/f2/u1', 4, 'Same building'],
    ['two buildings of one site', 'r/o/s/b1/f/u', 'r/o/s/b2/f/u', 5, 'Same site'],
    ['two sites of one organisation', 'r/o/s1/b/f/u', 'r/o/s2/b/f/u', 6, 'Elsewhere in the organisation'],
    ['two organisations', 'r/o1/s/b/f/u', 'r/o2/s/b/f/u', 7, 'Far'],
  ])('%s', (_name, a, b, distance, label) => {
    expect(walkingDistance(path(a), path(b))).toBe(distance);
    expect(walkingDistance(path(b), path(a))).toBe(distance);
    expect(distanceLabel(distance)).toBe(label);
  });

  it('a place with no zone is nowhere near', () => {
    expect(walkingDistance([], path('r/o'))).toBe(Infinity);
    expect(walkingDistance(path('x/o'), path('r/o'))).toBe(Infinity);
  });

  it('skipped levels count by the level of the zone in common, not by depth', () => {
    const a: PathStep[] = [
      { id: 'r', level: 'root' },
      { id: 'o', level: 'org' },
      { id: 'f', level: 'floor' },
      { id: 'u1', level: 'unit' },
    ];
    const b: PathStep[] = [...a.slice(0, 3), { id: 'u2', level: 'unit' }];
    expect(walkingDistance(a, b)).toBe(3);
  });
});

describe('nearestResponders', () => {
  const alert = path('r/o/s/b/f1/u1');
  const responders = [
    { id: 'far-floor', path: path('r/o/s/b/f2/u9'), seenAt: 50 },
    { id: 'same-unit-old', path: path('r/o/s/b/f1/u1'), seenAt: 10 },
    { id: 'same-unit-new', path: path('r/o/s/b/f1/u1'), seenAt: 20 },
    { id: 'same-floor', path: path('r/o/s/b/f1/u2'), seenAt: 99 },
    { id: 'other-org', path: path('r/o2/s/b/f1/u1'), seenAt: 99 },
  ];
  it('nearest first, then the most recently seen; never another organisation', () => {
    expect(nearestResponders(alert, responders, 10).map((r) => r.id)).toEqual([
      'same-unit-new',
      'same-unit-old',
      'same-floor',
      'far-floor',
    ]);
  });
  it('at most `limit`', () => {
    expect(nearestResponders(alert, responders, 2).map((r) => [r.id, r.distance])).toEqual([
      ['same-unit-new', 0],
      ['same-unit-old', 0],
    ]);
  });
});
