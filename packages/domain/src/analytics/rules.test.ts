import { describe, expect, it } from 'vitest';
import {
  RESPONSE_BUCKETS_S,
  addDays,
  bucketOf,
  coverWithMonths,
  daysBetween,
  defaultInterval,
  localDay,
  localWeek,
  nextLocalMidnight,
  percentileFromHistogram,
  periodOf,
  periodsBetween,
  responseHistogram,
  startOfLocalDay,
  utcOffsetMs,
  type HistogramBucket,
} from './rules';

describe('RESPONSE_BUCKETS_S (issue 18: log-spaced buckets from 1 s to 24 h)', () => {
  it('starts at 0, then 1 s, and ends with an open bucket from 24 h', () => {
    expect(RESPONSE_BUCKETS_S[0]).toBe(0);
    expect(RESPONSE_BUCKETS_S[1]).toBe(1);
    expect(RESPONSE_BUCKETS_S.at(-1)).toBe(86_400);
    expect(RESPONSE_BUCKETS_S.length).toBeGreaterThanOrEqual(40);
    expect(RESPONSE_BUCKETS_S.length).toBeLessThanOrEqual(60);
  });

  it('grows by at most 28 % from one bound to the next', () => {
    for (let i = 2; i < RESPONSE_BUCKETS_S.length; i++) {
      const ratio = RESPONSE_BUCKETS_S[i]! / RESPONSE_BUCKETS_S[i - 1]!;
      expect(ratio).toBeGreaterThan(1);
      expect(ratio).toBeLessThanOrEqual(1.28);
    }
  });
});

describe('bucketOf (issue 18: the bucket a duration falls in)', () => {
  const last = RESPONSE_BUCKETS_S.length - 1;
  it.each([
    ['a negative duration', -5, 0],
    ['not a number', Number.NaN, 0],
    ['0 s', 0, 0],
    ['0.999 s', 0.999, 0],
    ['exactly 1 s', 1, 1],
    ['1.249 s', 1.249, 1],
    ['exactly 1.25 s', 1.25, 2],
    ['40 s', 40, RESPONSE_BUCKETS_S.indexOf(40)],
    ['49.9 s', 49.9, RESPONSE_BUCKETS_S.indexOf(40)],
    ['exactly 24 h', 86_400, last],
    ['a week', 604_800, last],
  ])('%s → bucket %i', (_case, seconds, expected) => {
    expect(bucketOf(seconds)).toBe(expected);
  });

  it('puts every bound in its own bucket and just below it in the previous one', () => {
    RESPONSE_BUCKETS_S.forEach((bound, i) => {
      expect(bucketOf(bound)).toBe(i);
      if (i > 0) expect(bucketOf(bound - 1e-6)).toBe(i - 1);
    });
  });
});

const bucket = (fromS: number, upToS: number | null, count: number): HistogramBucket => ({
  fromS,
  upToS,
  count,
});

describe('percentileFromHistogram (issue 18: linear inside a bucket)', () => {
  it.each([
    ['an empty histogram', [], 0.5, null],
    ['buckets with no counts', [bucket(0, 10, 0), bucket(10, 20, 0)], 0.5, null],
    ['one bucket, p50', [bucket(0, 10, 4)], 0.5, 5],
    ['one bucket, p90', [bucket(0, 10, 10)], 0.9, 9],
    ['one bucket, p0: its lower bound', [bucket(20, 40, 3)], 0, 20],
    ['one bucket, p100: its upper bound', [bucket(20, 40, 3)], 1, 40],
    ['the rank on a bucket edge stays in the lower bucket', [bucket(0, 10, 5), bucket(10, 20, 5)], 0.5, 10],
    ['two buckets, p90 inside the second', [bucket(0, 10, 5), bucket(10, 20, 5)], 0.9, 18],
    ['empty buckets are skipped', [bucket(0, 10, 2), bucket(10, 20, 0), bucket(20, 40, 2)], 0.75, 30],
    [
      'the open last bucket answers its lower bound',
      [bucket(0, 10, 1), bucket(86_400, null, 9)],
      0.9,
      86_400,
    ],
    ['p above 1 is read as 1', [bucket(0, 10, 4)], 3, 10],
  ] as const)('%s → %s', (_case, buckets, p, expected) => {
    expect(percentileFromHistogram(buckets, p)).toBe(expected);
  });

  it('is exact for durations spread evenly inside their buckets', () => {
    // 1 … 100 s with 10 s buckets: each bucket [10k, 10k+10) holds ten evenly spaced values.
    const values = Array.from({ length: 100 }, (_, i) => i + 0.5);
    const buckets = Array.from({ length: 10 }, (_, k) =>
      bucket(k * 10, k * 10 + 10, values.filter((v) => v >= k * 10 && v < k * 10 + 10).length),
    );
    expect(percentileFromHistogram(buckets, 0.5)).toBe(50);
    expect(percentileFromHistogram(buckets, 0.9)).toBe(90);
  });

  it('lands in the bucket of the true p50 and p90 of known data (exact to the bucket width)', () => {
    // Durations like acknowledgements: log-normal around 40 s, from a fixed sequence.
    const values = Array.from({ length: 5000 }, (_, i) => {
      const u = (i + 0.5) / 5000;
      const z = Math.sqrt(2) * inverseErf(2 * u - 1);
      return Math.exp(Math.log(40) + 0.8 * z);
    });
    const counts = new Array<number>(RESPONSE_BUCKETS_S.length).fill(0);
    for (const v of values) counts[bucketOf(v)]!++;
    const histogram = responseHistogram(counts);
    const sorted = [...values].sort((a, b) => a - b);
    for (const p of [0.5, 0.9]) {
      const truth = sorted[Math.ceil(p * sorted.length) - 1]!;
      const estimate = percentileFromHistogram(histogram, p)!;
      const { fromS, upToS } = histogram[bucketOf(truth)]!;
      expect(estimate).toBeGreaterThanOrEqual(fromS);
      expect(estimate).toBeLessThanOrEqual(upToS!);
      expect(Math.abs(estimate - truth) / truth).toBeLessThan(0.26);
    }
  });
});

/** An inverse error function good to about 1e-3, enough to draw a known sample. */
function inverseErf(x: number): number {
  const a = 0.147;
  const ln = Math.log(1 - x * x);
  const t = 2 / (Math.PI * a) + ln / 2;
  return Math.sign(x) * Math.sqrt(Math.sqrt(t * t - ln / a) - t);
}

describe('responseHistogram', () => {
  it('gives every bucket its bounds and count, the last one open', () => {
    const histogram = responseHistogram([3, 1]);
    expect(histogram).toHaveLength(RESPONSE_BUCKETS_S.length);
    expect(histogram[0]).toEqual({ fromS: 0, upToS: 1, count: 3 });
    expect(histogram[1]).toEqual({ fromS: 1, upToS: 1.25, count: 1 });
    expect(histogram.at(-1)).toEqual({ fromS: 86_400, upToS: null, count: 0 });
  });
});

describe('localDay and localWeek (issue 18: the organisation’s local days, weeks from Monday)', () => {
  it.each([
    ['UTC noon', '2026-06-03T12:00:00Z', 'UTC', '2026-06-03', '2026-06-01'],
    [
      'Chicago, just before its midnight',
      '2026-06-04T04:59:59.999Z',
      'America/Chicago',
      '2026-06-03',
      '2026-06-01',
    ],
    [
      'Chicago, its midnight (CDT, UTC−5)',
      '2026-06-04T05:00:00Z',
      'America/Chicago',
      '2026-06-04',
      '2026-06-01',
    ],
    ['Chicago in winter (CST, UTC−6)', '2026-01-05T05:59:59Z', 'America/Chicago', '2026-01-04', '2025-12-29'],
    ['Chicago on a Monday', '2026-01-05T06:00:00Z', 'America/Chicago', '2026-01-05', '2026-01-05'],
    ['Kolkata, half an hour offset', '2026-06-03T18:30:00Z', 'Asia/Kolkata', '2026-06-04', '2026-06-01'],
    ['a Sunday belongs to the week before', '2026-06-07T12:00:00Z', 'UTC', '2026-06-07', '2026-06-01'],
    ['across a year end', '2027-01-01T03:00:00Z', 'America/Chicago', '2026-12-31', '2026-12-28'],
  ])('%s: %s in %s → day %s, week %s', (_case, instant, timeZone, day, week) => {
    expect(localDay(new Date(instant), timeZone)).toBe(day);
    expect(localWeek(new Date(instant), timeZone)).toBe(week);
  });
});

describe('nextLocalMidnight (SPEC §7: the analytics cache expires at local midnight; DST-safe)', () => {
  it.each([
    ['UTC', '2026-06-03T12:00:00Z', 'UTC', '2026-06-04T00:00:00.000Z'],
    ['exactly at a midnight: the next one', '2026-06-04T00:00:00Z', 'UTC', '2026-06-05T00:00:00.000Z'],
    ['Chicago summer (UTC−5)', '2026-06-03T12:00:00Z', 'America/Chicago', '2026-06-04T05:00:00.000Z'],
    ['Chicago winter (UTC−6)', '2026-01-15T12:00:00Z', 'America/Chicago', '2026-01-16T06:00:00.000Z'],
    // 2026-03-08: clocks go from 02:00 CST to 03:00 CDT (a 23-hour day).
    ['the day before spring forward', '2026-03-07T18:00:00Z', 'America/Chicago', '2026-03-08T06:00:00.000Z'],
    [
      'spring forward day, before the change',
      '2026-03-08T07:30:00Z',
      'America/Chicago',
      '2026-03-09T05:00:00.000Z',
    ],
    [
      'spring forward day, after the change',
      '2026-03-08T09:00:00Z',
      'America/Chicago',
      '2026-03-09T05:00:00.000Z',
    ],
    // 2026-11-01: clocks go from 02:00 CDT back to 01:00 CST (a 25-hour day).
    ['the day before fall back', '2026-10-31T18:00:00Z', 'America/Chicago', '2026-11-01T05:00:00.000Z'],
    ['fall back day, the first 01:30', '2026-11-01T06:30:00Z', 'America/Chicago', '2026-11-02T06:00:00.000Z'],
    [
      'fall back day, the second 01:30',
      '2026-11-01T07:30:00Z',
      'America/Chicago',
      '2026-11-02T06:00:00.000Z',
    ],
    [
      'fall back day, one ms before its end',
      '2026-11-02T05:59:59.999Z',
      'America/Chicago',
      '2026-11-02T06:00:00.000Z',
    ],
    ['Kolkata (UTC+5:30)', '2026-06-03T12:00:00Z', 'Asia/Kolkata', '2026-06-03T18:30:00.000Z'],
    // 2024-09-08: Santiago skips from 24:00 to 01:00; that day begins at 01:00 −03.
    [
      'a skipped midnight: the day’s first instant',
      '2024-09-07T20:00:00Z',
      'America/Santiago',
      '2024-09-08T04:00:00.000Z',
    ],
  ])('%s: after %s in %s → %s', (_case, now, timeZone, expected) => {
    expect(nextLocalMidnight(new Date(now), timeZone).toISOString()).toBe(expected);
  });

  it('is always later than now and begins a new local day', () => {
    for (let h = 0; h < 24 * 400; h += 7) {
      const now = new Date(Date.UTC(2026, 0, 1) + h * 3_600_000);
      const next = nextLocalMidnight(now, 'America/Chicago');
      expect(next.getTime()).toBeGreaterThan(now.getTime());
      expect(localDay(next, 'America/Chicago')).toBe(addDays(localDay(now, 'America/Chicago'), 1));
      expect(localDay(new Date(next.getTime() - 1), 'America/Chicago')).toBe(
        localDay(now, 'America/Chicago'),
      );
    }
  });
});

describe('utcOffsetMs (a zone’s clock against UTC at an instant)', () => {
  it.each([
    ['2026-06-10T12:00:00Z', 'UTC', 0],
    ['2026-06-10T12:00:00.999Z', 'America/Chicago', -5 * 3_600_000],
    ['2026-01-10T12:00:00Z', 'America/Chicago', -6 * 3_600_000],
    // 2026-03-08 08:00 UTC is 03:00 CDT, the first hour after spring forward.
    ['2026-03-08T07:59:59.999Z', 'America/Chicago', -6 * 3_600_000],
    ['2026-03-08T08:00:00Z', 'America/Chicago', -5 * 3_600_000],
    ['2026-06-10T12:00:00Z', 'Asia/Kolkata', 5.5 * 3_600_000],
  ])('%s in %s → %d ms', (instant, timeZone, expected) => {
    expect(utcOffsetMs(new Date(instant), timeZone)).toBe(expected);
  });
});

describe('startOfLocalDay', () => {
  it.each([
    ['2026-03-08', 'America/Chicago', '2026-03-08T06:00:00.000Z'],
    ['2026-03-09', 'America/Chicago', '2026-03-09T05:00:00.000Z'],
    ['2026-11-01', 'America/Chicago', '2026-11-01T05:00:00.000Z'],
    ['2026-11-02', 'America/Chicago', '2026-11-02T06:00:00.000Z'],
    ['2026-06-01', 'UTC', '2026-06-01T00:00:00.000Z'],
  ])('%s in %s begins at %s', (day, timeZone, expected) => {
    expect(startOfLocalDay(day, timeZone).toISOString()).toBe(expected);
  });
});

describe('defaultInterval (issue 18: day up to 62 days, week up to two years, then month)', () => {
  it.each([
    ['one day', '2026-06-01', '2026-06-01', 'day'],
    ['62 days', '2026-01-01', '2026-03-03', 'day'],
    ['63 days', '2026-01-01', '2026-03-04', 'week'],
    ['a year', '2025-06-02', '2026-06-01', 'week'],
    ['731 days', '2024-01-01', '2025-12-31', 'week'],
    ['732 days', '2024-01-01', '2026-01-01', 'month'],
  ] as const)('%s (%s → %s) → %s', (_case, first, last, expected) => {
    expect(daysBetween(first, last)).toBeGreaterThan(0);
    expect(defaultInterval(first, last)).toBe(expected);
  });
});

describe('periodOf and periodsBetween', () => {
  it.each([
    ['2026-06-03', 'day', '2026-06-03'],
    ['2026-06-03', 'week', '2026-06-01'],
    ['2026-06-01', 'week', '2026-06-01'],
    ['2026-06-03', 'month', '2026-06-01'],
  ] as const)('%s by %s → %s', (day, interval, expected) => {
    expect(periodOf(day, interval)).toBe(expected);
  });

  it.each([
    ['days', '2026-02-27', '2026-03-02', 'day', ['2026-02-27', '2026-02-28', '2026-03-01', '2026-03-02']],
    [
      'weeks from a Wednesday',
      '2026-06-03',
      '2026-06-15',
      'week',
      ['2026-06-01', '2026-06-08', '2026-06-15'],
    ],
    [
      'months across a year',
      '2025-11-15',
      '2026-02-01',
      'month',
      ['2025-11-01', '2025-12-01', '2026-01-01', '2026-02-01'],
    ],
    ['one day', '2026-06-03', '2026-06-03', 'week', ['2026-06-01']],
  ] as const)('%s', (_case, first, last, interval, expected) => {
    expect(periodsBetween(first, last, interval)).toEqual(expected);
  });
});

describe('coverWithMonths (issue 18: long ranges read month rows, the edges day rows)', () => {
  it.each([
    ['within one month', '2026-06-03', '2026-06-20', null, [['2026-06-03', '2026-06-20']]],
    ['exactly one month', '2026-06-01', '2026-06-30', ['2026-06-01', '2026-06-01'], []],
    [
      'a month and a day after',
      '2026-06-01',
      '2026-07-01',
      ['2026-06-01', '2026-06-01'],
      [['2026-07-01', '2026-07-01']],
    ],
    [
      'a day before a month',
      '2026-05-31',
      '2026-06-30',
      ['2026-06-01', '2026-06-01'],
      [['2026-05-31', '2026-05-31']],
    ],
    [
      'a year from mid-month',
      '2025-11-27',
      '2026-11-26',
      ['2025-12-01', '2026-10-01'],
      [
        ['2025-11-27', '2025-11-30'],
        ['2026-11-01', '2026-11-26'],
      ],
    ],
    ['February of a leap year', '2028-02-01', '2028-02-29', ['2028-02-01', '2028-02-01'], []],
    ['across a year end, no whole month', '2025-12-15', '2026-01-14', null, [['2025-12-15', '2026-01-14']]],
  ] as const)('%s', (_case, first, last, months, days) => {
    expect(coverWithMonths(first, last)).toEqual({ months, days });
  });
});
