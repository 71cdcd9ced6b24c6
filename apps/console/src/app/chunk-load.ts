import { CHUNK_LOAD_TIMEOUT_MS } from '@vigil/domain';

/** A screen's code that did not arrive: the network failed, or it took longer than SPEC §9 allows. */
export class ChunkLoadError extends Error {
  override name = 'ChunkLoadError';
}

/**
 * Loads a screen's chunk, failing after SPEC §9's chunk load timeout (120 s) instead of showing
 * the loading screen for ever; a failed import becomes a ChunkLoadError too. The screen's error
 * boundary (features/errors/screen-error.tsx) then offers to reload.
 */
export function loadChunk<M>(load: () => Promise<M>, timeoutMs = CHUNK_LOAD_TIMEOUT_MS): Promise<M> {
  return new Promise<M>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new ChunkLoadError(`The screen did not load in ${Math.round(timeoutMs / 1000)} s`)),
      timeoutMs,
    );
    load().then(
      (module) => {
        clearTimeout(timer);
        resolve(module);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(new ChunkLoadError(error instanceof Error ? error.message : String(error)));
      },
    );
  });
}
