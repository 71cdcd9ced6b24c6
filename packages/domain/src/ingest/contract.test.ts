import { describe, it, expect } from 'vitest';
import { buttonEventsBodySchema, heartbeatBodySchema } from './contract';

const press = { buttonPress: 0, buttonRelease: 150, tapDelta: 0 };
const event = { tag: 'AA:BB:CC:DD:EE:01', nonce: 'n1', events: [press] };
const body = { gateway: 'a1b2c3d4e5f6', buttonEvents: [event] };

describe('buttonEventsBodySchema (SPEC §3 Button event, §5 Device MAC)', () => {
  it('normalises MACs', () => {
    expect(buttonEventsBodySchema.parse(body)).toEqual({
      gateway: 'a1b2c3d4e5f6',
      buttonEvents: [{ ...event, tag: 'aabbccddee01' }],
    });
  });

  it.each([
    ['gateway not a MAC', { ...body, gateway: 'a1b2c3' }, false],
    ['no button events', { ...body, buttonEvents: [] }, false],
    ['50 button events', { ...body, buttonEvents: Array(50).fill(event) }, true],
    ['51 button events', { ...body, buttonEvents: Array(51).fill(event) }, false],
    ['no presses', { ...body, buttonEvents: [{ ...event, events: [] }] }, false],
    ['20 presses', { ...body, buttonEvents: [{ ...event, events: Array(20).fill(press) }] }, true],
    ['21 presses', { ...body, buttonEvents: [{ ...event, events: Array(21).fill(press) }] }, false],
    ['integer nonce 2^53-1', { ...body, buttonEvents: [{ ...event, nonce: 2 ** 53 - 1 }] }, true],
    ['integer nonce 2^53', { ...body, buttonEvents: [{ ...event, nonce: 2 ** 53 }] }, false],
    ['negative nonce', { ...body, buttonEvents: [{ ...event, nonce: -1 }] }, false],
    ['fractional nonce', { ...body, buttonEvents: [{ ...event, nonce: 1.5 }] }, false],
    ['empty nonce', { ...body, buttonEvents: [{ ...event, nonce: '' }] }, false],
    ['64-char nonce', { ...body, buttonEvents: [{ ...event, nonce: 'x'.repeat(64) }] }, true],
    ['65-char nonce', { ...body, buttonEvents: [{ ...event, nonce: 'x'.repeat(65) }] }, false],
    [
      'negative press time',
      { ...body, buttonEvents: [{ ...event, events: [{ ...press, tapDelta: -1 }] }] },
      false,
    ],
    ['unknown key', { ...body, extra: 1 }, false],
    ['unknown press key', { ...body, buttonEvents: [{ ...event, events: [{ ...press, x: 1 }] }] }, false],
  ])('%s → %s', (_case, input, ok) => {
    expect(buttonEventsBodySchema.safeParse(input).success).toBe(ok);
  });
});

describe('heartbeatBodySchema (SPEC §3 Gateway state)', () => {
  it('accepts a full heartbeat and normalises neighbour MACs', () => {
    const parsed = heartbeatBodySchema.parse({
      gateway: 'A1-B2-C3-D4-E5-F6',
      status: 'connected',
      version: { app: '5.1', boot: '2', isSafeMode: false },
      hardware: { revision: 'v3' },
      adminMode: false,
      rebootReason: 9,
      diagnostics: { button: 95, coverage: 100, floor: 0 },
      neighbors: { 'AA:BB:CC:DD:EE:FF': 12.5 },
    });
    expect(parsed.gateway).toBe('a1b2c3d4e5f6');
    expect(parsed.neighbors).toEqual({ aabbccddeeff: 12.5 });
  });

  it.each([
    ['minimal', { gateway: 'a1b2c3d4e5f6', status: 'connected' }, true],
    ['floor 101', { gateway: 'a1b2c3d4e5f6', status: 'ok', diagnostics: { floor: 101 } }, false],
    ['revision v4', { gateway: 'a1b2c3d4e5f6', status: 'ok', hardware: { revision: 'v4' } }, false],
    ['neighbour not a MAC', { gateway: 'a1b2c3d4e5f6', status: 'ok', neighbors: { x: 1 } }, false],
    ['no status', { gateway: 'a1b2c3d4e5f6' }, false],
  ])('%s → %s', (_case, input, ok) => {
    expect(heartbeatBodySchema.safeParse(input).success).toBe(ok);
  });
});
