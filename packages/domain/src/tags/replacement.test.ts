import { describe, it, expect } from 'vitest';
import { DAY_MS } from '../constants';
import { replacementTimeline } from './replacement';

describe('replacementTimeline (SPEC §4, §9)', () => {
  const now = new Date('2026-06-01T00:00:00Z');
  const daysAgo = (d: number) => new Date(now.getTime() - d * DAY_MS);
  it.each([
    [0, daysAgo(1), 'overdue'],
    [0, daysAgo(0), 'overdue'],
    [1, daysAgo(0), 'soon'],
    [1, daysAgo(59), 'soon'],
    [1, daysAgo(60), 'soon'],
    [1, new Date(daysAgo(60).getTime() - 1), 'overdue'],
    [1, daysAgo(61), 'overdue'],
    [2, daysAgo(1), undefined],
    [2, daysAgo(400), undefined],
  ] as const)('urgency %i collected %s → %s', (urgency, at, expected) => {
    expect(replacementTimeline({ urgency, at }, now)).toBe(expected);
  });
});
