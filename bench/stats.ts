// Figures of a bench's timings, shared by the benches that print percentiles.

/** Nearest-rank percentile of sorted values. */
export const pct = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * p) - 1)]! : NaN;
export const f1 = (n: number) => (Number.isFinite(n) ? n.toFixed(1) : '—');
export const sorted = (xs: number[]) => xs.filter(Number.isFinite).sort((a, b) => a - b);
