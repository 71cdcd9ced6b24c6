import { afterEach, describe, expect, it, vi } from 'vitest';
import { CHUNK_LOAD_TIMEOUT_MS } from '@vigil/domain';
import { ChunkLoadError, loadChunk } from './chunk-load';

// SPEC §9 "chunk load timeout 120 s".

afterEach(() => vi.useRealTimers());

describe('loadChunk', () => {
  it('answers the module that arrives in time', async () => {
    await expect(loadChunk(async () => ({ Screen: 'x' }))).resolves.toEqual({ Screen: 'x' });
  });

  it('fails after SPEC §9’s 120 s when the chunk never arrives', async () => {
    vi.useFakeTimers();
    expect(CHUNK_LOAD_TIMEOUT_MS).toBe(120_000);
    const loading = loadChunk(() => new Promise(() => {}));
    const outcome = loading.then(
      () => 'loaded',
      (error: unknown) => error,
    );
    await vi.advanceTimersByTimeAsync(CHUNK_LOAD_TIMEOUT_MS - 1);
    let settled = false;
    void outcome.then(() => (settled = true));
    await Promise.resolve();
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    const error = await outcome;
    expect(error).toBeInstanceOf(ChunkLoadError);
    expect((error as Error).message).toBe('The screen did not load in 120 s');
  });

  it('turns a failed import into a ChunkLoadError with its message', async () => {
    const failed = loadChunk(() =>
      Promise.reject(new TypeError('Failed to fetch dynamically imported module')),
    );
    await expect(failed).rejects.toThrow(ChunkLoadError);
    await expect(failed).rejects.toThrow('Failed to fetch dynamically imported module');
  });
});
