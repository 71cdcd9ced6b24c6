import { z } from 'zod';

// Issue 22 "Operations": a customer order moves open → picking → qc → shipped; it may be cancelled
// from any state before shipped. SPEC §4 says "Other state machines: not shown", so this one is
// ours. The warehouse kiosk moves picking, qc and shipped through scans; the operations screen
// (SPEC §2.1 /operations/orders) cancels, and changes an order only while it is open.

export const ORDER_STATES = ['open', 'picking', 'qc', 'shipped', 'cancelled'] as const;
export const orderStateSchema = z.enum(ORDER_STATES);
export type OrderState = z.infer<typeof orderStateSchema>;

/** The states of an order still in progress: it holds its recipient, address and contact. */
export const ORDER_ACTIVE_STATES = ['open', 'picking', 'qc'] as const satisfies readonly OrderState[];

/** How each state reads on screen. */
export const ORDER_STATE_LABELS: Readonly<Record<OrderState, string>> = {
  open: 'Open',
  picking: 'Picking',
  qc: 'Quality control',
  shipped: 'Shipped',
  cancelled: 'Cancelled',
};

/** The one step forward from each state (the kiosk's scans); none after shipped or cancelled. */
const NEXT: Readonly<Record<OrderState, OrderState | null>> = {
  open: 'picking',
  picking: 'qc',
  qc: 'shipped',
  shipped: null,
  cancelled: null,
};

export const ORDER_REFUSALS = {
  notOpen: 'Only an open order can be changed',
  cannotCancel: 'A shipped or cancelled order cannot be cancelled',
  transition: (from: OrderState, to: OrderState) =>
    `An order cannot go from ${ORDER_STATE_LABELS[from].toLowerCase()} to ${ORDER_STATE_LABELS[to].toLowerCase()}`,
} as const;

export type OrderVerdict = { ok: true } | { ok: false; reason: string };

/** Whether an order in this state is still in progress (not shipped, not cancelled). */
export function isOrderActive(state: OrderState): boolean {
  return (ORDER_ACTIVE_STATES as readonly OrderState[]).includes(state);
}

/** Issue 22: may an order go from `from` to `to`? One step forward, or cancelled before shipped. */
export function orderTransition(from: OrderState, to: OrderState): OrderVerdict {
  if (to === 'cancelled')
    return isOrderActive(from) ? { ok: true } : { ok: false, reason: ORDER_REFUSALS.cannotCancel };
  if (NEXT[from] === to) return { ok: true };
  return { ok: false, reason: ORDER_REFUSALS.transition(from, to) };
}

/** Issue 22: lines, notes and the recipient of an order are changed only while it is open. */
export function orderEditVerdict(state: OrderState): OrderVerdict {
  return state === 'open' ? { ok: true } : { ok: false, reason: ORDER_REFUSALS.notOpen };
}

/** The order's short reference, printed and scanned: ORD-<number>. */
export function orderReference(number: number): string {
  return `ORD-${number}`;
}
