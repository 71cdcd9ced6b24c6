import { chainPlace, deviceLabel, type ChainDevice } from './chain';
import { NOT_REUSABLE_REASON, noDeviceResult, transition } from './chain-transitions';
import type { ClassifiedScan } from './scan-kind';
import {
  changedAnswer,
  refusedAnswer,
  unchangedAnswer,
  wrongKindAnswer,
  type ScanAnswer,
  type ScanRequestOf,
  type StepInput,
  type StepResult,
} from './scan-step';

// Issue 22 returns (/warehouse/returns): a device sent back (ready_for_return, undeployed, lost,
// or in strongline-inventory after the console's transfer_inv) is scanned in as returned; with a
// decision it is also inspected: reusable (never against SPEC §4's tag reuse rule) or scrapped. A
// QC-failed device is already returned and only needs its inspection.

/** The returns step's tally for the kiosk's session. */
export type ReturnsState = { returned: number; inspected: number };
export const RETURNS_START: ReturnsState = { returned: 0, inspected: 0 };
/** Whether the caller may scrap a device (delete Inventory, SPEC §6): warehouse, not warehouseTempo. */
export type ReturnsContext = { mayScrap: boolean };
type ReturnsInput = StepInput<ReturnsState, ScanRequestOf<'returns'>, ReturnsContext>;

export const RETURNS_REASONS = {
  notAllowed: 'Only warehouse staff may scrap a device: set it aside for them',
} as const;

/** Issue 22: what the returns step asks for a returned device, by SPEC §4's reuse rule (null: a gateway). */
export function inspectPrompt(device: ChainDevice, reusable: boolean | null | undefined): string {
  const label = deviceLabel(device);
  if (reusable === false) return `${label} is not reusable (${NOT_REUSABLE_REASON}): scrap it`;
  if (reusable === true) return `Inspect ${label}: reusable by the reuse rule. Choose Reusable or Scrap`;
  return `Inspect ${label}: choose Reusable or Scrap`;
}

/** Issue 22: what the returns step expects when no device waits for its inspection. */
export function returnsNext(state: ReturnsState): string {
  return `Scan the next returned device (${state.returned} returned, ${state.inspected} inspected)`;
}

/** Issue 22 returns: the answer to one scan at the returns step. */
export function reduceReturnsScan(input: ReturnsInput): StepResult<ReturnsState> {
  const { scan, state, found, request } = input;
  const idle = returnsNext(state);
  if (scan.kind !== 'device') return unchanged(input, wrongKindAnswer(parts(scan, idle)));
  const device = found.device;
  if (!device) return unchanged(input, unchangedAnswer(parts(scan, idle), noDeviceResult(scan.id)));
  const decision = request.decision;

  if (!decision) {
    const result = transition(device, { type: 'returnReceived' });
    if (result.outcome === 'refused') return unchanged(input, unchangedAnswer(parts(scan, idle), result));
    const now = result.outcome === 'changed' ? result.device : device;
    const counted = { ...state, returned: state.returned + 1 };
    const next = chainPlace(now) === 'returned' ? inspectPrompt(now, found.reusable) : returnsNext(counted);
    if (result.outcome === 'already') return unchanged(input, unchangedAnswer(parts(scan, next), result));
    return {
      answer: changedAnswer({ ...parts(scan, next), text: result.text, devices: [device.id] }),
      state: counted,
      devices: [{ before: device, after: result.device }],
      order: null,
    };
  }

  if (decision.verdict === 'scrapped' && !input.ctx.mayScrap) {
    return unchanged(
      input,
      refusedAnswer({ ...parts(scan, idle), reason: RETURNS_REASONS.notAllowed, code: 'notAllowed' }),
    );
  }
  // Taken back and inspected in one scan, or only inspected when it is back already.
  const place = chainPlace(device);
  const back =
    place === 'to_return' || place === 'lost' ? transition(device, { type: 'returnReceived' }) : null;
  if (back?.outcome === 'refused') return unchanged(input, unchangedAnswer(parts(scan, idle), back));
  const inspected = back?.outcome === 'changed' ? back.device : device;
  const reusableByRule = found.reusable ?? null;
  const result = transition(inspected, { type: 'inspect', ...decision, reusableByRule });
  if (result.outcome !== 'changed') {
    const next = chainPlace(inspected) === 'returned' ? inspectPrompt(inspected, found.reusable) : idle;
    return unchanged(input, unchangedAnswer(parts(scan, next), result));
  }
  const text = back?.outcome === 'changed' ? `${back.text}; ${result.text}` : result.text;
  const counted = {
    returned: state.returned + (back?.outcome === 'changed' ? 1 : 0),
    inspected: state.inspected + 1,
  };
  return {
    answer: changedAnswer({ ...parts(scan, returnsNext(counted)), text, devices: [device.id] }),
    state: counted,
    devices: [{ before: device, after: result.device }],
    order: null,
  };
}

function parts(scan: ClassifiedScan, next: string) {
  return { step: 'returns' as const, scan, next };
}

function unchanged(input: ReturnsInput, answer: ScanAnswer): StepResult<ReturnsState> {
  return { answer, state: input.state, devices: [], order: null };
}
