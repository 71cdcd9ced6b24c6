import { describe, expect, it } from 'vitest';
import { bucketLabel, detailLabel, formatDuration, periodLabel, share } from './format';

describe('formatDuration: response times as people say them', () => {
  it.each([
    [null, '—'],
    [0, '0 s'],
    [0.3, '< 1 s'],
    [0.6, '1 s'],
    [42, '42 s'],
    [59.4, '59 s'],
    [59.6, '1 min'],
    [185, '3 min 5 s'],
    [3599, '59 min 59 s'],
    [3600, '1 h'],
    [7800, '2 h 10 min'],
    [86_000, '23 h 53 min'],
    [86_399, '1 d'],
    [86_400, '1 d'],
    [100_800, '1 d 4 h'],
  ] as const)('%s s → %s', (seconds, text) => {
    expect(formatDuration(seconds)).toBe(text);
  });
});

describe('labels of buckets, periods, details and shares', () => {
  it('names a histogram bucket by its bounds, the open last one as "or more"', () => {
    expect(bucketLabel({ fromS: 30, upToS: 60 })).toBe('30 s to 1 min');
    expect(bucketLabel({ fromS: 86_400, upToS: null })).toBe('1 d or more');
  });

  it('names a period by its interval', () => {
    expect(periodLabel('2026-06-01', 'day')).toBe('Jun 1, 2026');
    expect(periodLabel('2026-06-01', 'week')).toBe('Week of Jun 1, 2026');
    expect(periodLabel('2026-06-01', 'month')).toBe('June 2026');
  });

  it('labels incident details as the SPEC §5 questionnaire does, unknown values as they are', () => {
    expect(detailLabel('category', 'self_harm')).toBe('Self-harm');
    expect(detailLabel('target', 'self')).toBe('Self');
    expect(detailLabel('source', 'robot')).toBe('robot');
  });

  it('gives a share as a whole percentage, 0% of nothing', () => {
    expect(share(1, 3)).toBe('33%');
    expect(share(0, 0)).toBe('0%');
  });
});
