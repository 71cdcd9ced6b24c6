import { describe, expect, it } from 'vitest';
import { BatchSizer } from '../../src/retention/batches';

// Issue 19 Retention: "in small batches that never hold the ingest back" — a batch is sized so
// that its statement takes about the target time, whatever a row costs.

describe('BatchSizer (issue 19: batches sized by the time they take)', () => {
  it.each([
    ['starts at 10 rows', 1000, [], 10],
    ['starts at the largest batch when it is smaller', 2, [], 2],
    ['at most doubles after a fast batch', 1000, [[10, 1]], 20],
    [
      'grows no further than the target time: 0.5, then 1 ms a row',
      1000,
      [
        [10, 5],
        [20, 20],
      ],
      15,
    ],
    [
      'never grows past the largest batch',
      30,
      [
        [10, 1],
        [20, 1],
        [30, 1],
      ],
      30,
    ],
    ['shrinks to 5 rows at least when rows are slow', 1000, [[10, 100]], 5],
    ['keeps a size of 2 when that is the largest', 2, [[2, 100]], 2],
    ['leaves the size alone after an empty batch', 1000, [[0, 50]], 10],
    [
      'moves little after one slow statement among fast ones',
      1000,
      [
        [10, 1],
        [20, 2],
        [40, 4],
        [80, 8],
        [80, 80],
      ],
      27,
    ],
  ] as const)('%s', (_name, max, batches, expected) => {
    const sizer = new BatchSizer(max, 10);
    for (const [rows, ms] of batches) sizer.record(rows, ms);
    expect(sizer.size).toBe(expected);
  });
});
