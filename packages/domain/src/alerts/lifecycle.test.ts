import { describe, it, expect } from 'vitest';
import {
  ALERT_STATES,
  DEFAULT_ESCALATION_DELAY_S,
  joinPress,
  mayAcknowledge,
  mayClose,
  mayEscalate,
  nextOnNotify,
  type AlertState,
  type JoinableAlert,
} from './lifecycle';
import type { PressClassification } from './press-patterns';

describe('nextOnNotify (SPEC §4 Alerts: created → notified)', () => {
  it.each([
    ['created', 'notified'],
    ['notified', 'notified'],
    ['escalated', 'escalated'],
    ['closed', 'closed'],
  ])('%s → %s', (state, next) => {
    expect(nextOnNotify(state as AlertState)).toBe(next);
  });

  it('lists the open states before closed', () => {
    expect(ALERT_STATES).toEqual(['created', 'notified', 'escalated', 'closed']);
  });
});

describe('mayEscalate (SPEC §4 Alerts: unacknowledged past the zone delay, default 60 s)', () => {
  const createdAt = new Date('2026-06-01T12:00:00Z');
  const after = (s: number) => new Date(createdAt.getTime() + s * 1000);
  const base = { state: 'notified', mode: 'help', acknowledged: false, createdAt };
  it.each([
    ['notified, 59.999 s', base, after(59.999), undefined, false],
    ['notified, 60 s', base, after(60), undefined, true],
    ['created, 61 s', { ...base, state: 'created' }, after(61), undefined, true],
    ['danger, 60 s', { ...base, mode: 'danger' }, after(60), undefined, true],
    ['test mode never escalates', { ...base, mode: 'test' }, after(600), undefined, false],
    ['acknowledged', { ...base, acknowledged: true }, after(600), undefined, false],
    ['already escalated (once only)', { ...base, state: 'escalated' }, after(600), undefined, false],
    ['closed', { ...base, state: 'closed' }, after(600), undefined, false],
    ['zone delay 30 s, at 29 s', base, after(29), 30, false],
    ['zone delay 30 s, at 30 s', base, after(30), 30, true],
    ['createdAt as ISO string', { ...base, createdAt: createdAt.toISOString() }, after(60), undefined, true],
  ])('%s → %s', (_case, alert, now, delayS, expected) => {
    expect(mayEscalate(alert, now, delayS)).toBe(expected);
  });

  it('defaults to 60 s', () => {
    expect(DEFAULT_ESCALATION_DELAY_S).toBe(60);
  });
});

describe('mayAcknowledge, mayClose (SPEC §4 Alerts: only open alerts)', () => {
  it.each([
    ['created', true],
    ['notified', true],
    ['escalated', true],
    ['closed', false],
  ])('%s → %s', (state, ok) => {
    expect(mayAcknowledge({ state }).ok).toBe(ok);
    expect(mayClose({ state }).ok).toBe(ok);
  });

  it('names the refusal', () => {
    expect(mayClose({ state: 'closed' })).toEqual({
      ok: false,
      reason: 'This alert is already closed',
      code: 'alert_closed',
    });
  });
});

describe('joinPress (SPEC §4 Alerts: a new press joins the open alert)', () => {
  const open: JoinableAlert = {
    state: 'notified',
    mode: 'help',
    dangerReason: null,
    pressCount: 1,
    lastPressAt: '2026-06-01T12:00:00.000Z',
    acknowledged: true,
    acknowledgedAt: '2026-06-01T12:00:05.000Z',
    acknowledgedBy: { id: 'u1', name: 'Ann' },
  };
  const help: PressClassification = { mode: 'help' };
  const test: PressClassification = { mode: 'test' };
  const other: PressClassification = { mode: 'danger', dangerReason: 'other' };
  const shooter: PressClassification = { mode: 'danger', dangerReason: 'activeShooter' };
  const at = '2026-06-01T12:01:00.000Z';

  it.each([
    ['help + help', open, help, 'help', null],
    ['help + test stays help', open, test, 'help', null],
    ['help + danger other', open, other, 'danger', 'other'],
    ['help + active shooter', open, shooter, 'danger', 'activeShooter'],
    ['test + help rises to help', { ...open, mode: 'test' as const }, help, 'help', null],
    [
      'danger other + active shooter',
      { ...open, mode: 'danger' as const, dangerReason: 'other' as const },
      shooter,
      'danger',
      'activeShooter',
    ],
    [
      'active shooter + danger other stays',
      { ...open, mode: 'danger' as const, dangerReason: 'activeShooter' as const },
      other,
      'danger',
      'activeShooter',
    ],
    [
      'danger + help never lowers',
      { ...open, mode: 'danger' as const, dangerReason: 'other' as const },
      help,
      'danger',
      'other',
    ],
  ])('%s → %s %s', (_case, alert, classification, mode, dangerReason) => {
    const joined = joinPress(alert, { at, classification });
    expect(joined).toEqual({
      ok: true,
      value: {
        ...alert,
        mode,
        dangerReason,
        pressCount: 2,
        lastPressAt: at,
        acknowledged: false,
        acknowledgedAt: null,
        acknowledgedBy: null,
      },
    });
  });

  it('keeps the state (an escalated alert stays escalated)', () => {
    const joined = joinPress({ ...open, state: 'escalated' }, { at, classification: help });
    expect(joined.ok && joined.value.state).toBe('escalated');
  });

  it('does not add acknowledgement fields the alert lacks', () => {
    const { acknowledgedAt: _a, acknowledgedBy: _b, ...bare } = open;
    const joined = joinPress(bare, { at, classification: help });
    expect(joined.ok && Object.keys(joined.value).sort()).toEqual(Object.keys(bare).sort());
  });

  it('refuses a closed alert (the press opens a new one)', () => {
    expect(joinPress({ ...open, state: 'closed' }, { at, classification: help })).toEqual({
      ok: false,
      reason: 'This alert is already closed',
    });
  });
});
