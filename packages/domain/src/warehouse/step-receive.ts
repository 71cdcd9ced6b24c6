import { boxFill, checkBoxContents } from './boxes';
import { chainPlace, deviceLabel } from './chain';
import { noDeviceResult, transition } from './chain-transitions';
import type { ClassifiedScan } from './scan-kind';
import {
  changedAnswer,
  collectResults,
  refusedAnswer,
  unchangedAnswer,
  wrongKindAnswer,
  type ScanAnswer,
  type ScanRequestOf,
  type StepInput,
  type StepResult,
} from './scan-step';

// Issue 22 receive (/warehouse/logistics/receive): a box label from the factory brings every device
// of the box into stock (smpwarehouse; tags available, gateways ready_to_deploy), all or nothing;
// a SKU shipped loose is received by its device id. A box received twice changes nothing.

/** The receive step's tally for the kiosk's session. */
export type ReceiveState = { boxes: number; devices: number };
export const RECEIVE_START: ReceiveState = { boxes: 0, devices: 0 };
type ReceiveInput = StepInput<ReceiveState, ScanRequestOf<'receive'>>;

export const RECEIVE_REASONS = {
  unknownBox: (box: string) => `Box ${box} is not known: no devices were packed under this label`,
  inBox: (label: string, box: string) => `${label} is packed in box ${box}: scan the box label`,
} as const;

/** Issue 22: what the receive step expects now. */
export function receiveNext(state: ReceiveState): string {
  const boxes = `${state.boxes} ${state.boxes === 1 ? 'box' : 'boxes'}`;
  const devices = `${state.devices} ${state.devices === 1 ? 'device' : 'devices'}`;
  return `Scan the next box from the factory (${boxes}, ${devices} received)`;
}

/** Issue 22 receive: the answer to one scan at the receive step. */
export function reduceReceiveScan(input: ReceiveInput): StepResult<ReceiveState> {
  const { scan, state, found } = input;
  if (scan.kind === 'device') {
    const device = found.device;
    if (!device) return unchanged(input, unchangedAnswer(parts(state, scan), noDeviceResult(scan.id)));
    if (chainPlace(device) === 'packed' && device.box) {
      return refuse(input, RECEIVE_REASONS.inBox(deviceLabel(device), device.box), 'inBox');
    }
    const result = transition(device, { type: 'receive' });
    if (result.outcome !== 'changed') return unchanged(input, unchangedAnswer(parts(state, scan), result));
    const next = { ...state, devices: state.devices + 1 };
    return {
      answer: changedAnswer({ ...parts(next, scan), text: result.text, devices: [device.id] }),
      state: next,
      devices: [{ before: device, after: result.device }],
      order: null,
    };
  }
  if (scan.kind !== 'box' && scan.kind !== 'repackBox')
    return unchanged(input, wrongKindAnswer(parts(state, scan)));

  const devices = found.boxDevices ?? [];
  if (devices.length === 0) return refuse(input, RECEIVE_REASONS.unknownBox(scan.id), 'unknownBox');
  const contents = checkBoxContents(
    scan.barcode,
    devices.map((d) => d.sku),
  );
  if (!contents.ok) return refuse(input, `Box ${scan.id}: ${contents.reason}`, contents.refusal);
  const results = devices.map((d) => ({ before: d, result: transition(d, { type: 'receive' }) }));
  const { refused, writes } = collectResults(results);
  const prefix = `Box ${scan.id}: `;
  if (refused) return unchanged(input, unchangedAnswer(parts(state, scan), refused, prefix));
  if (writes.length === 0) {
    return unchanged(
      input,
      unchangedAnswer(
        parts(state, scan),
        { outcome: 'already', place: 'in_stock', text: 'already received' },
        prefix,
      ),
    );
  }
  const sku = scan.barcode.sku;
  const fill = boxFill(sku, devices.length);
  const short =
    fill.fill === 'short' ? ` (short: ${devices.length} of ${devices.length + fill.missing})` : '';
  const next = { boxes: state.boxes + 1, devices: state.devices + writes.length };
  return {
    answer: changedAnswer({
      ...parts(next, scan),
      text: `${prefix}${writes.length} ${sku} received into stock${short}`,
      devices: writes.map((w) => w.after.id),
    }),
    state: next,
    devices: writes,
    order: null,
  };
}

function parts(state: ReceiveState, scan: ClassifiedScan) {
  return { step: 'receive' as const, scan, next: receiveNext(state) };
}

function refuse(input: ReceiveInput, reason: string, code: string): StepResult<ReceiveState> {
  return unchanged(input, refusedAnswer({ ...parts(input.state, input.scan), reason, code }));
}

function unchanged(input: ReceiveInput, answer: ScanAnswer): StepResult<ReceiveState> {
  return { answer, state: input.state, devices: [], order: null };
}
