import { useCallback, useSyncExternalStore } from 'react';
import {
  KIOSK_HOME,
  kioskTransition,
  type KioskEvent,
  type KioskFlow,
  type KioskRefusal,
} from '@vigil/domain';

// The kiosk's flow (domain distribution/flow.ts) per tab and station, in sessionStorage: a reload
// mid-flow keeps the person, the tag and the tap screen's start; a new tab starts at home. The
// last use is kept beside it, apart, so noting a touch re-renders nothing.

const flowKey = (station: string) => `vigil.kiosk.${station}.flow`;
const usedKey = (station: string) => `vigil.kiosk.${station}.usedAt`;

type Cached = { raw: string | null; flow: KioskFlow };
const cache = new Map<string, Cached>();
const listeners = new Set<() => void>();

function readFlow(station: string): KioskFlow {
  let raw: string | null = null;
  try {
    raw = sessionStorage.getItem(flowKey(station));
  } catch {
    /* storage off: the flow lives in memory only */
  }
  const cached = cache.get(station);
  if (cached && cached.raw === raw) return cached.flow;
  let flow: KioskFlow = KIOSK_HOME;
  try {
    const parsed = raw ? (JSON.parse(raw) as KioskFlow) : null;
    if (parsed && typeof parsed.step === 'string') flow = parsed;
  } catch {
    /* a damaged entry starts over */
  }
  cache.set(station, { raw, flow });
  return flow;
}

function writeFlow(station: string, flow: KioskFlow) {
  const raw = flow.step === 'home' ? null : JSON.stringify(flow);
  try {
    if (raw === null) sessionStorage.removeItem(flowKey(station));
    else sessionStorage.setItem(flowKey(station), raw);
  } catch {
    /* storage off */
  }
  cache.set(station, { raw, flow });
  for (const listener of listeners) listener();
}

export const kioskStore = {
  flow: readFlow,
  /** Applies an event (domain kioskTransition); null when taken, else why it was refused. */
  send(station: string, event: KioskEvent, now = Date.now()): KioskRefusal | null {
    const next = kioskTransition(readFlow(station), event);
    if (!next.ok) return next.refusal;
    writeFlow(station, next.flow);
    kioskStore.touch(station, now);
    return null;
  },
  /** When the kiosk was last used (a touch, a key or a step); undefined when never in this tab. */
  lastUsedAt(station: string): number | undefined {
    try {
      const raw = sessionStorage.getItem(usedKey(station));
      return raw === null ? undefined : Number(raw);
    } catch {
      return undefined;
    }
  },
  touch(station: string, now = Date.now()) {
    try {
      sessionStorage.setItem(usedKey(station), String(now));
    } catch {
      /* storage off */
    }
  },
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

/** The station's flow in this tab, and `send` for its events (answers a refusal, or null). */
export function useKioskFlow(station: string) {
  const flow = useSyncExternalStore(
    kioskStore.subscribe,
    () => readFlow(station),
    () => readFlow(station),
  );
  const send = useCallback((event: KioskEvent) => kioskStore.send(station, event), [station]);
  return { flow, send };
}
