import { ORDER_STATE_LABELS, orderReference } from '../orders/states';
import { chainPlace, describePlace, deviceLabel } from './chain';
import { noDeviceResult, transition } from './chain-transitions';
import type { ClassifiedScan } from './scan-kind';
import {
  changedAnswer,
  nothingAnswer,
  refusedAnswer,
  unchangedAnswer,
  wrongKindAnswer,
  type ScanAnswer,
  type ScanRequestOf,
  type StepInput,
  type StepResult,
} from './scan-step';
import { orderStatus, pickingNext, qcStillNeeded, withDevices, type OrderStepState } from './step-order';

// Issue 22 quality control (/warehouse/logistics/qc/{order?}): an order label chooses an order in
// quality control; a device of it scanned alone is looked at, scanned with a decision is recorded
// pass or fail (notes required). A failed device leaves the order for the returns inspection; the
// order stays in qc, short, until Ship adds a replacement. The sample is one device per box.

type QcInput = StepInput<OrderStepState, ScanRequestOf<'qc'>>;

export const QC_REASONS = {
  noOrder: 'Scan the label of an order in quality control first (ORD-…)',
  unknownOrder: (ref: string) => `Order ${ref} is not known`,
  notInQc: (ref: string, state: keyof typeof ORDER_STATE_LABELS) =>
    state === 'open' || state === 'picking'
      ? `${ref} is still being picked: quality control starts once it is complete`
      : `${ref} is ${ORDER_STATE_LABELS[state].toLowerCase()}`,
  openBox: (box: string) => `Open box ${box} and scan one of its devices`,
} as const;

/** Issue 22: what the quality-control step expects now. */
export function qcNext(state: OrderStepState): string {
  const status = orderStatus(state);
  if (!status) return 'Scan the label of an order in quality control (ORD-…)';
  const ref = status.reference;
  if (status.state !== 'qc') return `${QC_REASONS.notInQc(ref, status.state)}. Scan another order label`;
  const picking = pickingNext(status);
  if (picking)
    return `${ref} is short after a failed device: at Ship, ${picking.charAt(0).toLowerCase()}${picking.slice(1)}`;
  if (status.qcDone) return `Quality control of ${ref} is done: ship it at Ship`;
  return `Check one device from each box of ${ref}: ${qcStillNeeded(status)} still to check`;
}

/** Issue 22 quality control: the answer to one scan at the qc step. */
export function reduceQcScan(input: QcInput): StepResult<OrderStepState> {
  const { scan, state, found } = input;
  if (scan.kind === 'order') {
    const ref = orderReference(scan.number);
    if (!found.order) return refuse(input, QC_REASONS.unknownOrder(ref), 'unknownOrder');
    if (found.order.state !== 'qc')
      return refuse(input, QC_REASONS.notInQc(ref, found.order.state), 'notInQc');
    const chosen = { order: found.order, devices: found.orderDevices ?? [] };
    return {
      answer: nothingAnswer({ ...parts(chosen, scan), text: `${ref} chosen for quality control` }),
      ...same(chosen),
    };
  }
  if (scan.kind === 'box' || scan.kind === 'repackBox')
    return refuse(input, QC_REASONS.openBox(scan.id), 'openBox');
  if (scan.kind !== 'device') return { answer: wrongKindAnswer(parts(state, scan)), ...same(state) };

  const order = state.order;
  if (!order) return refuse(input, QC_REASONS.noOrder, 'noOrder');
  const ref = orderReference(order.number);
  if (order.state !== 'qc') return refuse(input, QC_REASONS.notInQc(ref, order.state), 'notInQc');
  const device = found.device;
  if (!device)
    return { answer: unchangedAnswer(parts(state, scan), noDeviceResult(scan.id)), ...same(state) };
  const decision = input.request.decision;
  if (!decision) {
    const onOrder = chainPlace(device) === 'allocated' && device.order === order.number;
    if (!onOrder)
      return refuse(
        input,
        `${deviceLabel(device)} is ${describePlace(device)}: it is not on ${ref}`,
        'notOnOrder',
      );
    const mark = device.qc?.result === 'pass' ? 'it passed already' : 'record pass or fail';
    return {
      answer: nothingAnswer({ ...parts(state, scan), text: `${deviceLabel(device)} of ${ref}: ${mark}` }),
      ...same(state),
    };
  }
  const result = transition(device, { type: 'qc', order: order.number, ...decision });
  if (result.outcome !== 'changed')
    return { answer: unchangedAnswer(parts(state, scan), result), ...same(state) };
  const after = withDevices(state, [result.device]);
  return {
    answer: changedAnswer({ ...parts(after, scan), text: result.text, devices: [device.id] }),
    state: after,
    devices: [{ before: device, after: result.device }],
    order: null,
  };
}

function parts(state: OrderStepState, scan: ClassifiedScan) {
  return { step: 'qc' as const, scan, next: qcNext(state), order: orderStatus(state) };
}

function same(state: OrderStepState) {
  return { state, devices: [], order: null };
}

function refuse(input: QcInput, reason: string, code: string): StepResult<OrderStepState> {
  const answer: ScanAnswer = refusedAnswer({ ...parts(input.state, input.scan), reason, code });
  return { answer, ...same(input.state) };
}
