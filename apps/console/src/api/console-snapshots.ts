import { SNAPSHOT_BUFFER_MAX, SNAPSHOT_DEBOUNCE_MS } from '@vigil/domain';
import { api } from './client';
import { consoleRegistered } from './consoles';
import { ApiError } from './errors';

export type ConsoleSnapshot = { data: Record<string, unknown>; createdAt: string };

const RETRY_MS = 5000;

/**
 * SPEC §7 Consoles: POST consoles/{id}/snapshots {data, createdAt}, debounced 1 s, at most 100
 * waiting (the oldest dropped first). A snapshot the server refuses with 404 is dropped silently;
 * one that cannot be sent (network, 5xx) waits and is tried again.
 */
export function createSnapshotSender(consoleId: string, send = postSnapshot) {
  const buffer: ConsoleSnapshot[] = [];
  let latest: ConsoleSnapshot | undefined;
  let debounce: ReturnType<typeof setTimeout> | undefined;
  let retry: ReturnType<typeof setTimeout> | undefined;
  let sending = false;
  let stopped = false;

  async function flush() {
    if (sending || stopped) return;
    sending = true;
    clearTimeout(retry);
    try {
      while (buffer.length > 0 && !stopped) {
        try {
          await send(consoleId, buffer[0]!);
        } catch (err) {
          if (!(err instanceof ApiError && err.status >= 400 && err.status < 500)) {
            retry = setTimeout(() => void flush(), RETRY_MS);
            return;
          }
          // 404 (not built yet, or an unknown console) and other refusals: sending again cannot help.
        }
        buffer.shift();
      }
    } finally {
      sending = false;
    }
  }

  return {
    /** Records what the console shows now; sent once nothing changed for 1 s. */
    take(data: Record<string, unknown>, at = new Date()) {
      latest = { data, createdAt: at.toISOString() };
      clearTimeout(debounce);
      debounce = setTimeout(() => {
        if (!latest) return;
        buffer.push(latest);
        latest = undefined;
        if (buffer.length > SNAPSHOT_BUFFER_MAX) buffer.splice(0, buffer.length - SNAPSHOT_BUFFER_MAX);
        void flush();
      }, SNAPSHOT_DEBOUNCE_MS);
    },
    pending: () => buffer.length,
    stop() {
      stopped = true;
      clearTimeout(debounce);
      clearTimeout(retry);
    },
  };
}

/** Posts one snapshot once a heartbeat has registered the console (the server refuses an unknown one). */
export async function postSnapshot(consoleId: string, snapshot: ConsoleSnapshot) {
  await consoleRegistered(consoleId);
  return api.post(`consoles/${encodeURIComponent(consoleId)}/snapshots`, { body: snapshot });
}
