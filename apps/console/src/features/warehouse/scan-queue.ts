import { useCallback, useEffect, useRef, useState } from 'react';
import type { z } from 'zod';
import type { ScanAnswer, ScanStep, scanRequestSchema } from '@vigil/domain';
import { postScan } from '../../api/warehouse';
import { ApiError, reasonOf } from '../../api/errors';
import { beep } from '../../ui/scanner/beep';

// Issue 22 (docs/WAREHOUSE.md "Idempotency and fast scans"): every scan is kept in a persistent
// queue (localStorage, one per step) with the idempotency key made when it happened, and sent one at
// a time in order. A network error or a 5xx sends it again with the same key; a 4xx drops it. Each
// scan taken beeps at once (ui/scanner/beep.ts), before any answer.

/** One scan as sent: the step's body with its key. */
export type ScanBody = z.input<typeof scanRequestSchema>;

/** How long the queue waits before sending a scan again after a network error or a 5xx. */
export const SCAN_RETRY_MS = 3000;

const storageKey = (step: ScanStep) => `vigil.warehouse.queue.${step}`;

/** The scans of `step` waiting to be sent, oldest first. */
export function readQueue(step: ScanStep): ScanBody[] {
  try {
    const stored: unknown = JSON.parse(localStorage.getItem(storageKey(step)) ?? '[]');
    return Array.isArray(stored) ? (stored as ScanBody[]) : [];
  } catch {
    return [];
  }
}

function writeQueue(step: ScanStep, queue: readonly ScanBody[]) {
  if (queue.length === 0) localStorage.removeItem(storageKey(step));
  else localStorage.setItem(storageKey(step), JSON.stringify(queue));
}

/**
 * Whether a failed send is worth sending again with the same key: no answer (network, timeout), a
 * 5xx, or a session to renew (401, kept until signed in again), too many requests or a timeout
 * (429, 408). Any other 4xx, or an answer the kiosk cannot read, is dropped and shown.
 */
const RETRY_STATUSES = new Set([0, 401, 408, 429]);
function isWorthRetrying(error: unknown): boolean {
  return error instanceof ApiError && (RETRY_STATUSES.has(error.status) || error.status >= 500);
}

export type ScanQueueHandlers = {
  /** The server's answer to a scan (it has left the queue). */
  onAnswer: (answer: ScanAnswer, scan: ScanBody) => void;
  /** A scan the server would not take (4xx): dropped with the reason. */
  onDrop: (reason: string, scan: ScanBody) => void;
  retryMs?: number;
};

/**
 * The step's persistent queue: `enqueue` a scan, `waiting` scans not yet answered, `retrying` after a
 * failure. The next scan leaves as soon as an answer arrives, from the answer's own callback, not
 * after React has drawn the answer (at 10 scans a second that wait would hold up every scan behind).
 */
export function useScanQueue(step: ScanStep, handlers: ScanQueueHandlers) {
  const [queue, setQueue] = useState(() => readQueue(step));
  const [retrying, setRetrying] = useState<string | null>(null);
  const sending = useRef(false);
  const mounted = useRef(true);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const latest = useRef(handlers);
  useEffect(() => {
    latest.current = handlers;
  });

  /** Sends the queue's head unless one is on its way; each answer sends the next. */
  const pump = useRef(() => {});
  pump.current = () => {
    if (sending.current || !mounted.current) return;
    const head = readQueue(step)[0];
    if (!head) return;
    sending.current = true;
    const leave = () => {
      sending.current = false;
      writeQueue(
        step,
        readQueue(step).filter((s) => s.idempotencyKey !== head.idempotencyKey),
      );
      if (!mounted.current) return false;
      setQueue(readQueue(step));
      setRetrying(null);
      pump.current();
      return true;
    };
    postScan(head).then(
      (answer) => {
        if (leave()) latest.current.onAnswer(answer, head);
      },
      (error: unknown) => {
        if (!isWorthRetrying(error)) {
          if (leave()) latest.current.onDrop(reasonOf(error), head);
          return;
        }
        sending.current = false;
        if (!mounted.current) return;
        setRetrying(error instanceof Error ? error.message : String(error));
        timer.current = setTimeout(() => pump.current(), latest.current.retryMs ?? SCAN_RETRY_MS);
      },
    );
  };

  const enqueue = useCallback(
    (scan: ScanBody) => {
      writeQueue(step, [...readQueue(step), scan]);
      beep();
      setQueue(readQueue(step));
      pump.current();
    },
    [step],
  );

  // What waits from before (a reload, a restart) leaves once the step is open.
  useEffect(() => {
    mounted.current = true;
    pump.current();
    return () => {
      mounted.current = false;
      clearTimeout(timer.current);
    };
  }, []);

  return { enqueue, waiting: queue.length, retrying };
}
