import { describe, expect, it } from 'vitest';
import {
  VISIT_OVERDUE_GRACE_MIN,
  isDuringVisit,
  isOverdue,
  overdueAt,
  shouldRaiseOverdue,
  visitState,
} from './rules';

// Issue 20 "Home visits": the overdue-visit rule (the lone-worker timer).

const t = (min: number) => new Date(Date.UTC(2026, 10, 26, 9, 0) + min * 60_000);
const visit = { plannedStart: t(0), plannedEnd: t(60) };

describe('the overdue-visit rule (issue 20)', () => {
  it('grace is 15 minutes after the planned end', () => {
    expect(VISIT_OVERDUE_GRACE_MIN).toBe(15);
    expect(overdueAt(visit)).toEqual(t(75));
  });

  it.each([
    ['before the planned end', {}, 59, false, 'planned'],
    ['checked in, within the grace', { checkedInAt: t(1) }, 74, false, 'in-progress'],
    ['checked in, at the end of the grace', { checkedInAt: t(1) }, 75, true, 'overdue'],
    ['never checked in, past the grace', {}, 90, true, 'overdue'],
    ['checked out late, past the grace', { checkedInAt: t(1), checkedOutAt: t(80) }, 90, false, 'done'],
    ['cancelled', { cancelledAt: t(30) }, 90, false, 'cancelled'],
  ])('%s', (_name, extra, minute, overdue, state) => {
    const v = { ...visit, ...extra };
    expect(isOverdue(v, t(minute))).toBe(overdue);
    expect(visitState(v, t(minute))).toBe(state);
  });

  it('raises once: not again once the alert was raised', () => {
    expect(shouldRaiseOverdue(visit, t(80))).toBe(true);
    expect(shouldRaiseOverdue({ ...visit, overdueAlertAt: t(75) }, t(80))).toBe(false);
  });

  it.each([
    ['not checked in', {}, 10, false],
    ['before the check-in', { checkedInAt: t(5) }, 4, false],
    ['checked in', { checkedInAt: t(5) }, 30, true],
    ['at the check-out', { checkedInAt: t(5), checkedOutAt: t(50) }, 50, true],
    ['after the check-out', { checkedInAt: t(5), checkedOutAt: t(50) }, 51, false],
    ['cancelled', { checkedInAt: t(5), cancelledAt: t(6) }, 30, false],
  ])('a press %s is during the visit: %s', (_name, extra, minute, during) => {
    expect(isDuringVisit({ ...visit, ...extra }, t(minute))).toBe(during);
  });
});
