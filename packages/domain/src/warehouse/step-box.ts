import { REPACK_BARCODE_REASON } from './barcode';
import { boxQuantity, packagingBarcodeText, skuOfBarcode } from './boxes';
import { chainPlace, describePlace, deviceLabel, type ChainDevice } from './chain';
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

// Issue 22 factory packing (/factory/home) and repackaging (/warehouse/repackaging) share one box
// step: the first device opens a box and the kiosk prints its label at once (SKU-YYYYMMDD-n, -R
// when repacked); each device joins the open box; a full box closes by itself; scanning the open
// box's own label closes it short; scanning another box's label reopens that box when it is short.

/** The open box of a pack or repack kiosk: its label, SKU and how many devices it holds. */
export type OpenBox = { barcode: string; sku: string; count: number };
export type BoxStepState = { open: OpenBox | null };
export const BOX_STEP_START: BoxStepState = { open: null };
/**
 * `today` is the date printed on a new label (YYYYMMDD, the server's local date); `nextBoxNumber`
 * the next free number for the scanned device's SKU on that date (with -R at repackaging).
 */
export type BoxStepContext = { today: string; nextBoxNumber: number };
type BoxStep = 'pack' | 'repack';
type BoxInput = StepInput<BoxStepState, ScanRequestOf<BoxStep>, BoxStepContext>;

/** Issue 22: what a pack or repack step expects now. */
export function boxStepNext(step: BoxStep, state: BoxStepState): string {
  const open = state.open;
  if (open) {
    const quantity = boxQuantity(open.sku) ?? 1;
    return `Scan the next ${open.sku} into box ${open.barcode}: ${open.count} of ${quantity} (scan its label to close it short)`;
  }
  return step === 'pack'
    ? 'Scan a registered device to start a box'
    : 'Scan a device inspected reusable to start a repack box, or a repack label (-R)';
}

/** Issue 22 factory pack and repackaging: the answer to one scan. */
export function reduceBoxScan(step: BoxStep, input: BoxInput): StepResult<BoxStepState> {
  const { scan, state } = input;
  if (scan.kind === 'device') return deviceScan(step, input, scan.id);
  if (scan.kind === 'box' || scan.kind === 'repackBox') return labelScan(step, input, scan.id);
  return unchanged(input, wrongKindAnswer(parts(step, state, scan)));
}

function deviceScan(step: BoxStep, input: BoxInput, id: string): StepResult<BoxStepState> {
  const { state, scan, found, ctx } = input;
  const device = found.device;
  if (!device) return unchanged(input, unchangedAnswer(parts(step, state, scan), noDeviceResult(id)));
  const sku = device.sku ?? '';
  const quantity = boxQuantity(sku);
  if (step === 'repack' && device.sku && quantity === null) {
    // A SKU shipped loose goes back to stock without a box.
    const result = transition(device, { type: 'repack', box: null });
    if (result.outcome !== 'changed')
      return unchanged(input, unchangedAnswer(parts(step, state, scan), result));
    return written(step, input, state, device, result.device, result.text, null);
  }
  const open = state.open;
  if (open && open.sku !== sku) {
    const reason = `Box ${open.barcode} holds ${open.sku} and ${deviceLabel(device)} is not one: scan the box label to close it first`;
    return refuse(step, input, reason, 'skuMismatch');
  }
  const repack = step === 'repack';
  const barcode =
    open?.barcode ?? packagingBarcodeText({ sku, date: ctx.today, number: ctx.nextBoxNumber, repack });
  if (!barcode) {
    if (!device.sku)
      return refuse(
        step,
        input,
        `${deviceLabel(device)} has no SKU: register it again with its SKU`,
        'noSku',
      );
    return refuse(step, input, `${sku} is not packed in boxes: it is received loose`, 'notBoxed');
  }
  const result = transition(device, { type: step, box: barcode });
  if (result.outcome !== 'changed')
    return unchanged(input, unchangedAnswer(parts(step, state, scan), result));
  const count = (open?.count ?? 0) + 1;
  const full = count >= (quantity ?? 1);
  const next: BoxStepState = { open: full ? null : { barcode, sku, count } };
  const fill = full
    ? `: box ${barcode} is full (${count} of ${quantity}), close it`
    : ` (${count} of ${quantity})`;
  const print = open ? null : { barcode, sku, repack };
  return written(step, input, next, device, result.device, result.text + fill, print);
}

function labelScan(step: BoxStep, input: BoxInput, barcode: string): StepResult<BoxStepState> {
  const { state, scan, found } = input;
  if (scan.kind !== 'box' && scan.kind !== 'repackBox')
    return unchanged(input, wrongKindAnswer(parts(step, state, scan)));
  if (step === 'pack' && scan.kind === 'repackBox') {
    return refuse(step, input, `Box ${barcode} is a repack box (-R): it belongs to Repackaging`, 'badBox');
  }
  if (step === 'repack' && scan.kind === 'box') return refuse(step, input, REPACK_BARCODE_REASON, 'badBox');
  const sku = skuOfBarcode(scan.barcode);
  if (!sku) return refuse(step, input, `${scan.barcode.sku} is not a boxed SKU`, 'notBoxed');
  const quantity = boxQuantity(sku) ?? 1;

  if (state.open?.barcode === barcode) {
    const text = `Box ${barcode} closed with ${state.open.count} of ${quantity}`;
    return {
      answer: changedAnswer({ ...parts(step, BOX_STEP_START, scan), text, devices: [] }),
      ...same(BOX_STEP_START),
    };
  }
  const devices = found.boxDevices ?? [];
  if (devices.length === 0 && step === 'pack') {
    return refuse(
      step,
      input,
      `Box ${barcode} is not known: scan a device and the kiosk prints a new label`,
      'unknownBox',
    );
  }
  const where = step === 'pack' ? 'packed' : 'in_stock';
  const away = devices.find((d) => chainPlace(d) !== where);
  if (away)
    return refuse(
      step,
      input,
      `Box ${barcode} cannot be reopened: ${deviceLabel(away)} is ${describePlace(away)}`,
      'boxLeft',
    );
  if (devices.length >= quantity) {
    return unchanged(
      input,
      nothingAnswer({
        ...parts(step, state, scan),
        text: `Box ${barcode} is full (${devices.length} of ${quantity})`,
      }),
    );
  }
  const opened: BoxStepState = { open: { barcode, sku, count: devices.length } };
  const text = devices.length
    ? `Box ${barcode} reopened (${devices.length} of ${quantity})`
    : `Box ${barcode} opened`;
  return { answer: changedAnswer({ ...parts(step, opened, scan), text, devices: [] }), ...same(opened) };
}

function written(
  step: BoxStep,
  input: BoxInput,
  next: BoxStepState,
  before: ChainDevice,
  after: ChainDevice,
  text: string,
  print: ScanAnswer['print'],
): StepResult<BoxStepState> {
  return {
    answer: changedAnswer({ ...parts(step, next, input.scan), text, devices: [after.id], print }),
    state: next,
    devices: [{ before, after }],
    order: null,
  };
}

function parts(step: BoxStep, state: BoxStepState, scan: ClassifiedScan) {
  return { step, scan, next: boxStepNext(step, state) };
}

function same(state: BoxStepState) {
  return { state, devices: [], order: null };
}

function refuse(step: BoxStep, input: BoxInput, reason: string, code: string) {
  return unchanged(input, refusedAnswer({ ...parts(step, input.state, input.scan), reason, code }));
}

function unchanged(input: BoxInput, answer: ScanAnswer): StepResult<BoxStepState> {
  return { answer, ...same(input.state) };
}
