import { describe, it, expect } from 'vitest';
import { DAY_MS } from '../constants';
import { isGatewayDisconnected } from './disconnected';

describe('isGatewayDisconnected (SPEC §9 disconnected threshold)', () => {
  const now = new Date('2026-06-01T12:00:00Z');
  const ago = (ms: number) => new Date(now.getTime() - ms);

  it.each([
    ['1 minute ago', ago(60_000), false],
    ['1 day ago', ago(DAY_MS), false],
    ['exactly 2 days ago', ago(2 * DAY_MS), false],
    ['2 days and 1 ms ago', ago(2 * DAY_MS + 1), true],
    ['3 days ago', ago(3 * DAY_MS), true],
    ['as an ISO string, 3 days ago', ago(3 * DAY_MS).toISOString(), true],
    ['as epoch ms, 1 day ago', ago(DAY_MS).getTime(), false],
    ['never updated (null)', null, true],
    ['never updated (undefined)', undefined, true],
    ['an unreadable date', 'yesterday', true],
  ])('%s → %s', (_case, updatedAt, expected) => {
    expect(isGatewayDisconnected(updatedAt, now)).toBe(expected);
  });

  it.each([
    [ago(DAY_MS + 1), true],
    [ago(DAY_MS), false],
  ])('honours a custom threshold of 1 day (%s → %s)', (updatedAt, expected) => {
    expect(isGatewayDisconnected(updatedAt, now, DAY_MS)).toBe(expected);
  });
});
