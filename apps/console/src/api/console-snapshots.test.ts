import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createSnapshotSender, type ConsoleSnapshot } from './console-snapshots';
import { ApiError } from './errors';

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: false });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('console snapshots (SPEC §7: 1 s debounce, at most 100 buffered)', () => {
  it('sends the last of a burst of changes once nothing changed for 1 s', async () => {
    const sent: ConsoleSnapshot[] = [];
    const sender = createSnapshotSender('c1', async (_id, s) => void sent.push(s));
    sender.take({ n: 1 });
    await vi.advanceTimersByTimeAsync(500);
    sender.take({ n: 2 });
    await vi.advanceTimersByTimeAsync(999);
    expect(sent).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(sent.map((s) => s.data)).toEqual([{ n: 2 }]);
  });

  it('drops a snapshot the server answers 404 and goes on', async () => {
    const sent: unknown[] = [];
    const send = vi.fn(async (_id: string, s: ConsoleSnapshot) => {
      if (s.data.n === 1) throw new ApiError(404, 'Not found');
      sent.push(s.data);
    });
    const sender = createSnapshotSender('c1', send);
    sender.take({ n: 1 });
    await vi.advanceTimersByTimeAsync(1000);
    sender.take({ n: 2 });
    await vi.advanceTimersByTimeAsync(1000);
    expect(sent).toEqual([{ n: 2 }]);
    expect(sender.pending()).toBe(0);
  });

  it('keeps at most 100 while the server cannot be reached, oldest dropped, and sends them in order later', async () => {
    let online = false;
    const sent: number[] = [];
    const sender = createSnapshotSender('c1', async (_id, s) => {
      if (!online) throw new ApiError(0, 'Could not reach the server', 'network');
      sent.push(s.data.n as number);
    });
    for (let n = 1; n <= 105; n++) {
      sender.take({ n });
      await vi.advanceTimersByTimeAsync(1000);
    }
    expect(sender.pending()).toBe(100);
    online = true;
    await vi.advanceTimersByTimeAsync(5000);
    expect(sent).toEqual(Array.from({ length: 100 }, (_, i) => i + 6));
  });
});
