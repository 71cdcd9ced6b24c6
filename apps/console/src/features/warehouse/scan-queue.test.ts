import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import { postScan } from '../../api/warehouse';
import { useScanQueue } from './scan-queue';

// docs/WAREHOUSE.md "Idempotency and fast scans": the kiosk beeps as soon as a scan joins the queue,
// before the server has answered (the answer here never comes).

vi.mock('../../api/warehouse', () => ({ postScan: vi.fn(() => new Promise(() => {})) }));

const played: number[] = [];
class FakeAudioContext {
  state = 'running';
  currentTime = 0;
  destination = {};
  createGain = () => ({
    gain: { setValueAtTime: () => {}, linearRampToValueAtTime: () => {} },
    connect: () => {},
    disconnect: () => {},
  });
  createOscillator() {
    return {
      frequency: { value: 0 },
      connect: () => {},
      start() {
        played.push(this.frequency.value);
      },
      stop: () => {},
    };
  }
}

afterEach(() => {
  vi.unstubAllGlobals();
  played.length = 0;
});

describe('useScanQueue', () => {
  it('beeps once for each scan it takes, before any answer', () => {
    vi.stubGlobal('AudioContext', FakeAudioContext);
    const { result } = renderHook(() => useScanQueue('receive', { onAnswer: vi.fn(), onDrop: vi.fn() }));
    expect(played).toEqual([]);
    act(() =>
      result.current.enqueue({
        step: 'receive',
        text: 'TAG5-20240115-7',
        idempotencyKey: crypto.randomUUID(),
      }),
    );
    act(() =>
      result.current.enqueue({
        step: 'receive',
        text: 'TAG5-20240115-8',
        idempotencyKey: crypto.randomUUID(),
      }),
    );
    expect(played).toEqual([1000, 1000]);
    expect(result.current.waiting).toBe(2);
    expect(postScan).toHaveBeenCalledTimes(1);
  });
});
