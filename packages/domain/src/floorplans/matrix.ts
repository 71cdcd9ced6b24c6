// The small linear algebra of the corner transform: solving the homography's 8×8 system and the 3×3
// projective matrix it gives. Pure numbers, no geography.

/** A 3×3 matrix, row-major. */
export type Matrix3 = readonly [number, number, number, number, number, number, number, number, number];

/**
 * Solves a·x = b by Gaussian elimination with partial pivoting; null when a is singular (a pivot
 * vanishes next to the largest entry of its column's start). `a` is n×n, `b` has n entries.
 */
export function solveLinearSystem(a: readonly (readonly number[])[], b: readonly number[]): number[] | null {
  const n = b.length;
  const rows = a.map((row, i) => [...row, b[i]]);
  const scale = Math.max(...rows.flatMap((row) => row.slice(0, n).map(Math.abs)));
  for (let col = 0; col < n; col++) {
    let pivot = col;
    for (let r = col + 1; r < n; r++) if (Math.abs(rows[r][col]) > Math.abs(rows[pivot][col])) pivot = r;
    if (!(Math.abs(rows[pivot][col]) > scale * 1e-12)) return null;
    [rows[col], rows[pivot]] = [rows[pivot], rows[col]];
    for (let r = col + 1; r < n; r++) {
      const factor = rows[r][col] / rows[col][col];
      for (let c = col; c <= n; c++) rows[r][c] -= factor * rows[col][c];
    }
  }
  const x = new Array<number>(n).fill(0);
  for (let r = n - 1; r >= 0; r--) {
    let sum = rows[r][n];
    for (let c = r + 1; c < n; c++) sum -= rows[r][c] * x[c];
    x[r] = sum / rows[r][r];
  }
  return x;
}

/** The product a·b of two 3×3 matrices. */
export function multiplyMatrix3(a: Matrix3, b: Matrix3): Matrix3 {
  const at = (m: Matrix3, r: number, c: number) => m[r * 3 + c];
  const cell = (r: number, c: number) =>
    at(a, r, 0) * at(b, 0, c) + at(a, r, 1) * at(b, 1, c) + at(a, r, 2) * at(b, 2, c);
  return [
    cell(0, 0),
    cell(0, 1),
    cell(0, 2),
    cell(1, 0),
    cell(1, 1),
    cell(1, 2),
    cell(2, 0),
    cell(2, 1),
    cell(2, 2),
  ];
}

/** The inverse of a 3×3 matrix by its adjugate; null when it is singular. */
export function invertMatrix3(m: Matrix3): Matrix3 | null {
  const [a, b, c, d, e, f, g, h, i] = m;
  const adjugate: Matrix3 = [
    e * i - f * h,
    c * h - b * i,
    b * f - c * e,
    f * g - d * i,
    a * i - c * g,
    c * d - a * f,
    d * h - e * g,
    b * g - a * h,
    a * e - b * d,
  ];
  const det = a * adjugate[0] + b * adjugate[3] + c * adjugate[6];
  if (det === 0 || !Number.isFinite(det)) return null;
  return adjugate.map((v) => v / det) as unknown as Matrix3;
}

/**
 * Applies a projective matrix to a point: [x, y, 1] times m, divided by its w. Null when w is not
 * positive, i.e. the point lies on or beyond the perspective's horizon (never for a point of the plan).
 */
export function projectPoint(m: Matrix3, [x, y]: readonly [number, number]): [number, number] | null {
  const w = m[6] * x + m[7] * y + m[8];
  if (!(w > 0)) return null;
  return [(m[0] * x + m[1] * y + m[2]) / w, (m[3] * x + m[4] * y + m[5]) / w];
}
