import { describe, expect, it } from 'vitest';
import { DAY_MS } from '../constants';
import { isGatewayDisconnected } from '../gateways/disconnected';
import { replacementTimeline } from '../tags/replacement';
import { REPORT_MAX_RANGE_DAYS } from './contract';
import {
  REPORT_TITLES,
  checkReportRange,
  disconnectedBefore,
  notSeen,
  notSeenBefore,
  replacementOverdueBefore,
} from './rules';

const now = new Date('2026-06-01T12:00:00.000Z');
const ago = (ms: number) => new Date(now.getTime() - ms);

describe('checkReportRange (issue 18: start after end, ranges over REPORT_MAX_RANGE_DAYS)', () => {
  const start = new Date('2026-01-01T00:00:00.000Z');
  const after = (ms: number) => new Date(start.getTime() + ms);
  it.each([
    ['one day', after(DAY_MS), null],
    ['an empty range (start = end)', start, null],
    ['exactly the longest range', after(REPORT_MAX_RANGE_DAYS * DAY_MS), null],
    [
      'one ms longer than the longest range',
      after(REPORT_MAX_RANGE_DAYS * DAY_MS + 1),
      { reason: `The range may span at most ${REPORT_MAX_RANGE_DAYS} days`, field: 'end' },
    ],
    [
      'the end 1 ms before the start',
      after(-1),
      { reason: 'The start must not be after the end', field: 'start' },
    ],
  ] as const)('%s → %j', (_case, end, expected) => {
    expect(checkReportRange(start, end)).toEqual(expected);
  });
});

describe('notSeen (SPEC §2.1 Missing Tags: not heard for longer than the chosen period)', () => {
  it.each([
    ['heard a minute ago, period 1 day', ago(60_000), 1, false],
    ['heard exactly 1 day ago, period 1 day', ago(DAY_MS), 1, false],
    ['heard 1 day and 1 ms ago, period 1 day', ago(DAY_MS + 1), 1, true],
    ['heard 3 days ago, period 7 days', ago(3 * DAY_MS), 7, false],
    ['heard 8 days ago, period 7 days', ago(8 * DAY_MS), 7, true],
    ['heard 8 days ago, as ISO text', ago(8 * DAY_MS).toISOString(), 7, true],
    ['never heard (null)', null, 1, false],
    ['never heard (undefined)', undefined, 1, false],
    ['an unreadable date', 'last week', 1, false],
  ])('%s → %s', (_case, lastSeen, periodDays, expected) => {
    expect(notSeen(lastSeen, now, periodDays)).toBe(expected);
  });

  it('defaults to a period of 1 day', () => {
    expect(notSeen(ago(DAY_MS + 1), now)).toBe(true);
    expect(notSeen(ago(DAY_MS), now)).toBe(false);
  });

  it.each([1, 2, 7, 30, 90])('notSeenBefore(now, %i) is the instant notSeen turns on', (periodDays) => {
    const cutoff = notSeenBefore(now, periodDays);
    expect(cutoff.getTime()).toBe(now.getTime() - periodDays * DAY_MS);
    expect(notSeen(cutoff, now, periodDays)).toBe(false);
    expect(notSeen(new Date(cutoff.getTime() - 1), now, periodDays)).toBe(true);
  });
});

describe('disconnectedBefore (SPEC §9 disconnected threshold, default 2 days)', () => {
  it.each([
    [undefined, 2],
    [1, 1],
    [2, 2],
    [14, 14],
  ])('threshold %s days: agrees with isGatewayDisconnected at its edge', (thresholdDays, days) => {
    const cutoff = disconnectedBefore(now, thresholdDays);
    expect(cutoff.getTime()).toBe(now.getTime() - days * DAY_MS);
    expect(isGatewayDisconnected(cutoff, now, days * DAY_MS)).toBe(false);
    expect(isGatewayDisconnected(new Date(cutoff.getTime() - 1), now, days * DAY_MS)).toBe(true);
  });
});

describe('replacementOverdueBefore (SPEC §4 replacement timeline, §9 two months = 60 days)', () => {
  const cutoff = replacementOverdueBefore(now);
  it.each([
    ['urgency 1 flagged at the instant', cutoff, 'soon'],
    ['urgency 1 flagged 1 ms before it', new Date(cutoff.getTime() - 1), 'overdue'],
    ['urgency 1 flagged a day after it', new Date(cutoff.getTime() + DAY_MS), 'soon'],
  ] as const)('%s → %s, as replacementTimeline says', (_case, at, expected) => {
    expect(cutoff.getTime()).toBe(now.getTime() - 60 * DAY_MS);
    expect(replacementTimeline({ urgency: 1, at }, now)).toBe(expected);
  });
});

describe('REPORT_TITLES (SPEC §2.1, §2.4)', () => {
  it.each([
    ['tagsNotSeen', 'Missing Tags'],
    ['tagsReplacement', 'Tag Replacement Timeline'],
    ['tagsFlagged', 'Tags Flagged for Collection'],
    ['disconnectedGateways', 'Disconnected Gateways'],
  ] as const)('%s is titled %s', (type, title) => {
    expect(REPORT_TITLES[type]).toBe(title);
  });
});
