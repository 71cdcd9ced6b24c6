import { describe, it, expect } from 'vitest';
import { alertSoundsAlarm, dangerousLocations, isAckHeld, isDangerousLocation } from './alarm';

describe('alertSoundsAlarm (SPEC §4 Alerts)', () => {
  it.each([
    ['created', false, true],
    ['notified', false, true],
    ['escalated', false, true],
    ['created', true, false],
    ['notified', true, false],
    ['escalated', true, false],
    ['closed', false, false],
    ['resolved', false, false],
  ])('%s, acknowledged %s → %s', (state, acknowledged, sounds) => {
    expect(alertSoundsAlarm({ state, acknowledged })).toBe(sounds);
  });

  it('treats a missing acknowledged flag as unacknowledged', () => {
    expect(alertSoundsAlarm({ state: 'created' })).toBe(true);
  });
});

describe('isDangerousLocation (SPEC §4 Alerts, read as "danger alert not yet closed")', () => {
  it.each([
    ['danger', 'created', true],
    ['danger', 'notified', true],
    ['danger', 'escalated', true],
    ['danger', 'closed', false],
    ['test', 'created', false],
    [null, 'created', false],
  ])('mode %s, state %s → %s', (mode, state, dangerous) => {
    expect(isDangerousLocation({ mode, state })).toBe(dangerous);
  });

  it('stays dangerous after acknowledgement', () => {
    expect(isDangerousLocation({ mode: 'danger', state: 'notified', acknowledged: true })).toBe(true);
  });
});

describe('dangerousLocations (SPEC §2.6, §4)', () => {
  it('lists each dangerous location once, in first-seen order', () => {
    const alerts = [
      { mode: 'danger', state: 'created', location: 'ward-3' },
      { mode: 'danger', state: 'escalated', location: 'lobby' },
      { mode: 'danger', state: 'notified', location: 'ward-3' },
      { mode: 'danger', state: 'closed', location: 'cafeteria' },
      { mode: 'test', state: 'created', location: 'gym' },
      { mode: 'danger', state: 'created', location: null },
    ];
    expect(dangerousLocations(alerts)).toEqual(['ward-3', 'lobby']);
  });

  it('deduplicates zone objects by id', () => {
    const ward = { id: 'z1', name: 'Ward 3' };
    const alerts = [
      { mode: 'danger', state: 'created', location: ward },
      { mode: 'danger', state: 'created', location: { id: 'z1', name: 'Ward 3' } },
    ];
    expect(dangerousLocations(alerts)).toEqual([ward]);
  });

  it('is empty without alerts', () => {
    expect(dangerousLocations([])).toEqual([]);
  });
});

describe('isAckHeld (SPEC §4 Alerts, §9 acknowledgement 30 s)', () => {
  const now = new Date('2026-06-01T12:00:00Z');
  const ago = (ms: number) => new Date(now.getTime() - ms);
  it.each([
    ['just now', ago(0), true],
    ['29.999 s ago', ago(29_999), true],
    ['30 s ago', ago(30_000), false],
    ['31 s ago', ago(31_000), false],
    ['never', null, false],
  ])('acknowledged %s → held %s', (_case, at, held) => {
    expect(isAckHeld(at, now)).toBe(held);
  });
});
