import { describe, it, expect } from 'vitest';
import { invertMatrix3, multiplyMatrix3, projectPoint, solveLinearSystem, type Matrix3 } from './matrix';

describe('solveLinearSystem: Gaussian elimination for the corner transform (SPEC §4 Plan editing)', () => {
  it('solves a system that needs a row swap', () => {
    // 0·x + 2y + z = 5, x + y + z = 6, 2x + y − z = 1  →  x = 1, y = 2, z = 3 (its first pivot is 0)
    const x = solveLinearSystem(
      [
        [0, 2, 1],
        [1, 1, 1],
        [2, 1, -1],
      ],
      [7, 6, 1],
    );
    expect(x).not.toBeNull();
    [1, 2, 3].forEach((value, i) => expect(x![i]).toBeCloseTo(value, 12));
  });

  it('refuses a singular system', () => {
    expect(
      solveLinearSystem(
        [
          [1, 2],
          [2, 4],
        ],
        [3, 6],
      ),
    ).toBeNull();
  });
});

describe('3×3 projective matrices (SPEC §4 Plan editing)', () => {
  const m: Matrix3 = [2, 0, 1, 0, 3, 2, 0.1, 0, 1];

  it('multiplies by the identity to itself', () => {
    expect(multiplyMatrix3(m, [1, 0, 0, 0, 1, 0, 0, 0, 1])).toEqual(m);
  });

  it('inverts: m · m⁻¹ is the identity', () => {
    const product = multiplyMatrix3(m, invertMatrix3(m)!);
    [1, 0, 0, 0, 1, 0, 0, 0, 1].forEach((value, i) => expect(product[i]).toBeCloseTo(value, 12));
  });

  it('refuses to invert a singular matrix', () => {
    expect(invertMatrix3([1, 2, 3, 2, 4, 6, 0, 0, 1])).toBeNull();
  });

  it.each([
    [
      [0, 0],
      [1, 2],
    ],
    [
      [10, 1],
      [21 / 2, 5 / 2],
    ],
    [[-10, 0], null],
    [[-20, 5], null],
  ] as const)('projects %j to %j (null on or beyond the horizon)', (point, expected) => {
    const projected = projectPoint(m, point);
    if (expected === null) return expect(projected).toBeNull();
    expect(projected![0]).toBeCloseTo(expected[0], 12);
    expect(projected![1]).toBeCloseTo(expected[1], 12);
  });
});
