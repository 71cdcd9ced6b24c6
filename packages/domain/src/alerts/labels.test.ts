import { describe, expect, it } from 'vitest';
import type { Alert } from './contract';
import { alertLocationPath, alertPersonName, alertStatus, alertStatusText, formatAge } from './labels';

/** An open help alert from Jane Doe's tag in Ward 3, with only the fields a test cares about given. */
function alertFixture(alert: Partial<Alert> & { id: string }): Alert {
  const createdAt = alert.createdAt ?? new Date(Date.now() - 120_000).toISOString();
  return {
    state: 'notified',
    mode: 'help',
    dangerReason: null,
    location: {
      id: 'ward-3',
      name: 'Ward 3',
      path: [
        { id: 'site-main', name: 'Main site', level: 'site' },
        { id: 'bldg-a', name: 'Building A', level: 'building' },
        { id: 'ward-3', name: 'Ward 3', level: 'area' },
      ],
    },
    tag: { id: 'a1b2c3d4e5f6', label: null, owner: { name: 'Jane Doe', personId: 'p-1' } },
    remote: null,
    gateway: 'aabbccddeeff',
    pressCount: 1,
    createdAt,
    updatedAt: createdAt,
    lastPressAt: createdAt,
    acknowledged: false,
    acknowledgedAt: null,
    acknowledgedBy: null,
    escalatedAt: null,
    closedAt: null,
    closedBy: null,
    reasonCode: null,
    reasonText: null,
    reasonDetails: null,
    ...alert,
  };
}

describe('alert labels', () => {
  it.each([
    [{}, 'Jane Doe'],
    [{ tag: { id: 'a1b2c3d4e5f6', label: 'Badge 3', owner: null } }, 'Badge 3'],
    [{ tag: { id: 'a1b2c3d4e5f6', label: null, owner: null } }, 'Tag a1b2c3d4e5f6'],
    [
      { tag: { id: 'a1b2c3d4e5f6', label: null, owner: null }, remote: { person: { name: 'Rae Remote' } } },
      'Rae Remote',
    ],
  ])('names the person of %j as %s', (patch, name) => {
    expect(alertPersonName(alertFixture({ id: 'a', ...patch }))).toBe(name);
  });

  it('writes the location path below the organisation', () => {
    const location = {
      id: 'w3',
      name: 'Ward 3',
      path: [
        { id: 'org', name: 'Demo Hospital', level: 'org' as const },
        { id: 's', name: 'Main Campus', level: 'site' as const },
        { id: 'w3', name: 'Ward 3', level: 'area' as const },
      ],
    };
    expect(alertLocationPath(location)).toBe('Main Campus › Ward 3');
    expect(alertLocationPath({ id: 'org', name: 'Demo Hospital', path: [location.path[0]!] })).toBe(
      'Demo Hospital',
    );
    expect(alertLocationPath(null)).toBe('Unknown location');
  });

  it.each([
    [0, '0 s'],
    [59_999, '59 s'],
    [60_000, '1 min'],
    [3_599_000, '59 min'],
    [3_900_000, '1 h 5 min'],
    [93_600_000, '1 d 2 h'],
  ])('shows an age of %i ms as %s', (ms, text) => {
    expect(formatAge(ms)).toBe(text);
  });

  const sam = { id: 'u-sam', name: 'Sam Responder' };
  const kim = { id: 'u-kim', name: 'Kim Lead' };
  const ackAt = '2026-06-01T10:00:20.000Z';
  const closedAt = '2026-06-01T10:05:00.000Z';
  const acked = { acknowledged: true, acknowledgedAt: ackAt, acknowledgedBy: sam };
  it.each([
    ['created, unacknowledged', { state: 'created' }, 'Created', null, null],
    ['notified, unacknowledged', { state: 'notified' }, 'Notified', null, null],
    ['escalated, unacknowledged', { state: 'escalated' }, 'Escalated', null, null],
    ['notified, acknowledged', { state: 'notified', ...acked }, 'Acknowledged', 'Sam Responder', ackAt],
    ['escalated, acknowledged', { state: 'escalated', ...acked }, 'Acknowledged', 'Sam Responder', ackAt],
    [
      'acknowledged by nobody named',
      { state: 'notified', ...acked, acknowledgedBy: null },
      'Acknowledged',
      null,
      ackAt,
    ],
    [
      'closed after an acknowledgement',
      { state: 'closed', ...acked, closedAt, closedBy: kim },
      'Closed',
      'Kim Lead',
      closedAt,
    ],
    ['closed by the system', { state: 'closed', closedAt, closedBy: null }, 'Closed', null, closedAt],
  ] as const)('shows a %s alert as %s', (_case, patch, label, by, at) => {
    expect(alertStatus(alertFixture({ id: 'a', ...patch }))).toEqual({ label, by, at });
  });

  it('writes the status as one line, with who and when where known', () => {
    const time = (iso: string) => iso.slice(11, 16);
    expect(alertStatusText({ label: 'Acknowledged', by: 'Sam Responder', at: ackAt }, time)).toBe(
      'Acknowledged by Sam Responder, 10:00',
    );
    expect(alertStatusText({ label: 'Closed', by: null, at: closedAt }, time)).toBe('Closed, 10:05');
    expect(alertStatusText({ label: 'Notified', by: null, at: null })).toBe('Notified');
  });
});
