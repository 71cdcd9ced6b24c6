import { ORDER_STATE_LABELS, orderReference, type OrderState } from '../orders/states';
import { allocationVerdict, checkBoxContents, lineProgress } from './boxes';
import type { ChainDevice } from './chain';
import { noDeviceResult, transition } from './chain-transitions';
import type { ClassifiedScan } from './scan-kind';
import {
  changedAnswer,
  collectResults,
  nothingAnswer,
  refusedAnswer,
  unchangedAnswer,
  wrongKindAnswer,
  type ScanAnswer,
  type ScanRequestOf,
  type StepInput,
  type StepResult,
} from './scan-step';
import {
  devicesOnOrder,
  orderStatus,
  pickingNext,
  qcStillNeeded,
  withDevices,
  type OrderStepState,
} from './step-order';

// Issue 22 ship (/warehouse/logistics/ship/{order?}): an order label chooses the order; boxes and
// devices scanned join it (or leave it, with `remove`) until every line is complete, which moves
// it to quality control; once QC's sample has passed, scanning the chosen order's label again
// ships it: every device goes to the customer's organisation in one transaction.

/** Whether the caller may ship an order (update Order, SPEC §6): picking needs update Inventory only. */
export type ShipContext = { mayShip: boolean };
type ShipInput = StepInput<OrderStepState, ScanRequestOf<'ship'>, ShipContext>;

export const SHIP_REASONS = {
  noOrder: 'Scan an order label first (ORD-…)',
  notAllowed: 'Only warehouse staff may ship an order: ask them to scan the order label',
  unknownOrder: (ref: string) => `Order ${ref} is not known`,
  unknownBox: (box: string) => `Box ${box} is not known: no devices were packed under this label`,
  closed: (ref: string, state: OrderState) => `${ref} is ${ORDER_STATE_LABELS[state].toLowerCase()}`,
} as const;

/** Issue 22: what the ship step expects now. */
export function shipNext(state: OrderStepState): string {
  const status = orderStatus(state);
  if (!status) return 'Scan an order label (ORD-…)';
  const ref = status.reference;
  if (status.state === 'shipped' || status.state === 'cancelled') {
    return `${SHIP_REASONS.closed(ref, status.state)}. Scan the next order label`;
  }
  const picking = pickingNext(status);
  if (picking) return picking;
  if (!status.qcDone) return `All picked: quality control checks ${qcStillNeeded(status)} of ${ref}`;
  return `All picked and checked: scan ${ref} to ship it`;
}

/** Issue 22 ship: the answer to one scan at the ship step. */
export function reduceShipScan(input: ShipInput): StepResult<OrderStepState> {
  const { scan, state, request } = input;
  if (scan.kind === 'order') return orderScan(input, scan.number);
  if (scan.kind === 'unknown') return unchanged(input, wrongKindAnswer(parts(state, scan)));
  const order = state.order;
  if (!order) return refuse(input, SHIP_REASONS.noOrder, 'noOrder');
  const ref = orderReference(order.number);
  if (order.state === 'shipped' || order.state === 'cancelled') {
    return refuse(input, SHIP_REASONS.closed(ref, order.state), 'orderClosed');
  }
  const picked = pickedDevices(input);
  if (!picked.ok) return unchanged(input, picked.answer);
  const { devices, prefix } = picked;

  const event = request.remove ? 'release' : 'allocate';
  const results = devices.map((d) => ({
    before: d,
    result: transition(d, { type: event, order: order.number }),
  }));
  const { refused, already, changes, writes } = collectResults(results);
  if (refused) return unchanged(input, unchangedAnswer(parts(state, scan), refused, prefix));
  if (writes.length === 0 && already)
    return unchanged(input, unchangedAnswer(parts(state, scan), already, prefix));

  const sku = writes[0].after.sku ?? '';
  if (!request.remove) {
    const line = orderStatus(state)?.lines.find((l) => l.sku === sku);
    const progress = line ? [lineProgress(line.sku, line.quantity, line.scanned)] : [];
    const verdict = allocationVerdict(progress, sku, writes.length);
    if (!verdict.ok) return refuse(input, prefix + verdict.reason, verdict.refusal);
  }
  const withWrites = withDevices(
    state,
    writes.map((w) => w.after),
  );
  const states = request.remove ? [] : orderMoves(order.state, orderStatus(withWrites)?.complete === true);
  const after = { ...withWrites, order: { ...order, state: states.at(-1) ?? order.state } };
  const text =
    scan.kind === 'device'
      ? changes[0].text
      : `${prefix}${writes.length} ${sku} ${request.remove ? `taken off ${ref}` : `added to ${ref}`}`;
  return {
    answer: changedAnswer({ ...parts(after, scan), text, devices: writes.map((w) => w.after.id) }),
    state: after,
    devices: writes,
    order: states.length ? { number: order.number, states } : null,
  };
}

/** The devices a box or device scan names, or the refusal (unknown device or box, a mixed box). */
function pickedDevices(
  input: ShipInput,
): { ok: true; devices: readonly ChainDevice[]; prefix: string } | { ok: false; answer: ScanAnswer } {
  const { scan, found, state } = input;
  if (scan.kind === 'device') {
    if (found.device) return { ok: true, devices: [found.device], prefix: '' };
    return { ok: false, answer: unchangedAnswer(parts(state, scan), noDeviceResult(scan.id)) };
  }
  if (scan.kind !== 'box' && scan.kind !== 'repackBox')
    return { ok: false, answer: wrongKindAnswer(parts(state, scan)) };
  const devices = found.boxDevices ?? [];
  const refusal = (reason: string, code: string) => ({
    ok: false as const,
    answer: refusedAnswer({ ...parts(state, scan), reason, code }),
  });
  if (devices.length === 0) return refusal(SHIP_REASONS.unknownBox(scan.id), 'unknownBox');
  const contents = checkBoxContents(
    scan.barcode,
    devices.map((d) => d.sku),
  );
  if (!contents.ok) return refusal(`Box ${scan.id}: ${contents.reason}`, contents.refusal);
  return { ok: true, devices, prefix: `Box ${scan.id}: ` };
}

/** The order states a pick passes through: open → picking on the first device, → qc once complete. */
function orderMoves(from: OrderState, complete: boolean): OrderState[] {
  const states: OrderState[] = [];
  if (from === 'open') states.push('picking');
  if (complete && (from === 'open' || from === 'picking')) states.push('qc');
  return states;
}

/** An order label: choose the order, or, when it is the chosen one and ready, ship it. */
function orderScan(input: ShipInput, number: number): StepResult<OrderStepState> {
  const { found, state, scan } = input;
  const ref = orderReference(number);
  const order = found.order;
  if (!order) return refuse(input, SHIP_REASONS.unknownOrder(ref), 'unknownOrder');
  if (order.state === 'shipped' || order.state === 'cancelled') {
    return refuse(input, SHIP_REASONS.closed(ref, order.state), 'orderClosed');
  }
  const chosen: OrderStepState = { order, devices: found.orderDevices ?? [] };
  const status = orderStatus(chosen);
  const ready = order.state === 'qc' && status?.complete === true && status.qcDone;
  if (state.order?.number !== number || !ready) {
    const text = `${ref} chosen: ${order.lines.map((l) => `${l.quantity} ${l.sku}`).join(', ')}`;
    return {
      answer: nothingAnswer({ ...parts(chosen, scan), text }),
      state: chosen,
      devices: [],
      order: null,
    };
  }
  const inChosen = { ...input, state: chosen };
  if (!input.ctx.mayShip) return refuse(inChosen, SHIP_REASONS.notAllowed, 'notAllowed');
  const ship = { type: 'ship', order: number, customerOrgId: order.customerOrgId } as const;
  const results = devicesOnOrder(chosen).map((d) => ({ before: d, result: transition(d, ship) }));
  const { refused, writes } = collectResults(results);
  if (refused) return unchanged(inChosen, unchangedAnswer(parts(chosen, scan), refused));
  const shipped = {
    ...withDevices(
      chosen,
      writes.map((w) => w.after),
    ),
    order: { ...order, state: 'shipped' as const },
  };
  const text = `${ref} shipped: ${writes.length} devices moved to the customer`;
  return {
    answer: changedAnswer({ ...parts(shipped, scan), text, devices: writes.map((w) => w.after.id) }),
    state: shipped,
    devices: writes,
    order: { number, states: ['shipped'] },
  };
}

function parts(state: OrderStepState, scan: ClassifiedScan) {
  return { step: 'ship' as const, scan, next: shipNext(state), order: orderStatus(state) };
}

function refuse(input: ShipInput, reason: string, code: string): StepResult<OrderStepState> {
  return unchanged(input, refusedAnswer({ ...parts(input.state, input.scan), reason, code }));
}

function unchanged(input: ShipInput, answer: ScanAnswer): StepResult<OrderStepState> {
  return { answer, state: input.state, devices: [], order: null };
}
