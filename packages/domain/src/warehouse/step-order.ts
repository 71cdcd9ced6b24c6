import { orderReference } from '../orders/states';
import { boxQuantity, lineNextText, lineProgress, orderProgress } from './boxes';
import { chainPlace, type ChainDevice } from './chain';
import type { ChainOrder, ScanOrderProgress } from './scan-step';

// Issue 22: what the ship and quality-control steps share: the order they work on, its devices,
// how far its picking is and how much of its sample passed quality control.

/** The ship and qc steps' state: the order chosen (by URL or by its label) and its devices. */
export type OrderStepState = { order: ChainOrder | null; devices: readonly ChainDevice[] };

export const NO_ORDER_STATE: OrderStepState = { order: null, devices: [] };

/**
 * Issue 22 quality control: the sample of a line is one device from each box (a loose SKU: every
 * unit), so a packer opens every box once; e.g. 100 TAG5 → 5, 10 GW2 → 2, 6 NODE1 → 6.
 */
export function qcSample(sku: string, quantity: number): number {
  return Math.ceil(quantity / (boxQuantity(sku) ?? 1));
}

/** The devices on the order now (allocated to it, not yet shipped). */
export function devicesOnOrder(state: OrderStepState): ChainDevice[] {
  const number = state.order?.number;
  return state.devices.filter((d) => d.order === number && chainPlace(d) === 'allocated');
}

/** Issue 22: the order's picking and quality-control progress, as the answer carries it. */
export function orderStatus(state: OrderStepState): ScanOrderProgress | null {
  const { order } = state;
  if (!order) return null;
  // A shipped order's devices have left for the customer: it counts those that left with it.
  const onOrder =
    order.state === 'shipped' ? state.devices.filter((d) => d.order === order.number) : devicesOnOrder(state);
  const count = (test: (d: ChainDevice) => boolean) =>
    onOrder.reduce<Record<string, number>>((acc, d) => {
      if (d.sku && test(d)) acc[d.sku] = (acc[d.sku] ?? 0) + 1;
      return acc;
    }, {});
  const scanned = count(() => true);
  const passed = count((d) => d.qc?.result === 'pass' && d.qc.order === order.number);
  const progress = orderProgress(order.lines, scanned);
  const lines = progress.lines.map((line) => ({
    sku: line.sku,
    quantity: line.quantity,
    scanned: line.scanned,
    remaining: line.remaining,
    boxes: line.boxes,
    boxesScanned: line.boxesScanned,
    cartons: line.cartons,
    qcSample: qcSample(line.sku, line.quantity),
    qcPassed: passed[line.sku] ?? 0,
  }));
  return {
    number: order.number,
    reference: orderReference(order.number),
    state: order.state,
    complete: progress.complete,
    qcDone: lines.every((line) => line.qcPassed >= line.qcSample),
    lines,
  };
}

/** What picking expects next for an incomplete order, e.g. 'Scan the next box of TAG5: …'; null when complete. */
export function pickingNext(status: ScanOrderProgress): string | null {
  const line = status.lines.find((l) => l.remaining > 0);
  return line ? lineNextText(lineProgress(line.sku, line.quantity, line.scanned)) : null;
}

/** What quality control still needs, e.g. 'TAG5 2, GW2 1'; empty when the sample has passed. */
export function qcStillNeeded(status: ScanOrderProgress): string {
  return status.lines
    .filter((line) => line.qcPassed < line.qcSample)
    .map((line) => `${line.sku} ${line.qcSample - line.qcPassed}`)
    .join(', ');
}

/** Replace or add devices in the step's list after a write. */
export function withDevices(state: OrderStepState, after: readonly ChainDevice[]): OrderStepState {
  const byId = new Map(state.devices.map((d) => [d.id, d]));
  for (const d of after) byId.set(d.id, d);
  return { ...state, devices: [...byId.values()] };
}
