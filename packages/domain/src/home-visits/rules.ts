// Issue 20 "Home visits": a staff member visiting a patient at home is covered by a lone-worker
// timer. A visit not checked out some minutes after its planned end raises an alert of its own, once.

/** How long after a visit's planned end, without a check-out, it is overdue. */
export const VISIT_OVERDUE_GRACE_MIN = 15;

export type VisitTimes = {
  plannedStart: Date;
  plannedEnd: Date;
  checkedInAt?: Date | null;
  checkedOutAt?: Date | null;
  /** When the overdue alert was raised (it is raised once). */
  overdueAlertAt?: Date | null;
  cancelledAt?: Date | null;
};

export type VisitState = 'planned' | 'in-progress' | 'overdue' | 'done' | 'cancelled';

/** When the visit falls overdue if it is not checked out. */
export function overdueAt(visit: Pick<VisitTimes, 'plannedEnd'>, graceMin = VISIT_OVERDUE_GRACE_MIN): Date {
  return new Date(visit.plannedEnd.getTime() + graceMin * 60_000);
}

/** Whether the overdue alert is due now: not checked out, not cancelled, past the grace, not yet raised. */
export function isOverdue(visit: VisitTimes, now: Date, graceMin = VISIT_OVERDUE_GRACE_MIN): boolean {
  if (visit.checkedOutAt || visit.cancelledAt) return false;
  return now.getTime() >= overdueAt(visit, graceMin).getTime();
}

/** Whether the overdue alert should be raised now (overdue and not raised before). */
export function shouldRaiseOverdue(
  visit: VisitTimes,
  now: Date,
  graceMin = VISIT_OVERDUE_GRACE_MIN,
): boolean {
  return !visit.overdueAlertAt && isOverdue(visit, now, graceMin);
}

/** The state a visit is shown in. */
export function visitState(visit: VisitTimes, now: Date, graceMin = VISIT_OVERDUE_GRACE_MIN): VisitState {
  if (visit.cancelledAt) return 'cancelled';
  if (visit.checkedOutAt) return 'done';
  if (isOverdue(visit, now, graceMin)) return 'overdue';
  if (visit.checkedInAt) return 'in-progress';
  return 'planned';
}

/** Whether a press at `at` by the visiting staff member falls during the visit (checked in, not out). */
export function isDuringVisit(visit: VisitTimes, at: Date): boolean {
  if (visit.cancelledAt || !visit.checkedInAt) return false;
  if (at.getTime() < visit.checkedInAt.getTime()) return false;
  return !visit.checkedOutAt || at.getTime() <= visit.checkedOutAt.getTime();
}
