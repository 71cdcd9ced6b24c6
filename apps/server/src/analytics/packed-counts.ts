// The rollups' counters (analytics/tables.ts) are numerics whose base-10⁹ digits are counts, bucket 0
// the rightmost, so SQL's sum() adds whole histograms. This reads them back.

const DIGIT = 1_000_000_000n;

/** A packed counter as SQL answers it (text, so that no digit is lost), as a big integer. */
export function packed(text: string | null | undefined): bigint {
  if (text === null || text === undefined || text === '') return 0n;
  return BigInt(text.split('.')[0]!);
}

/** The first `length` counts a packed counter holds, bucket 0 first. */
export function unpackCounts(value: bigint, length: number): number[] {
  const counts = new Array<number>(length).fill(0);
  let rest = value < 0n ? 0n : value;
  for (let i = 0; i < length && rest > 0n; i++) {
    counts[i] = Number(rest % DIGIT);
    rest /= DIGIT;
  }
  return counts;
}
