import { registerDevice } from './chain-transitions';
import {
  changedAnswer,
  unchangedAnswer,
  wrongKindAnswer,
  type ScanRequestOf,
  type StepInput,
  type StepResult,
} from './scan-step';

// Issue 22 factory register (/factory/home): a newly flashed device's id, scanned or typed, with the
// SKU and firmware key (SPEC §9) chosen on screen, joins the factory organisation as flashed.

/** The register step's tally for the kiosk's session. */
export type RegisterState = { registered: number };
export const REGISTER_START: RegisterState = { registered: 0 };

/** Issue 22 factory register: the answer to one scan. */
export function reduceRegisterScan(
  input: StepInput<RegisterState, ScanRequestOf<'register'>>,
): StepResult<RegisterState> {
  const { scan, state, request } = input;
  const nextOf = (s: RegisterState) => `Scan the next ${request.sku} (${s.registered} registered)`;
  const parts = { step: 'register' as const, scan, next: nextOf(state) };
  if (scan.kind !== 'device') return { answer: wrongKindAnswer(parts), state, devices: [], order: null };
  const existing = input.found.device ?? null;
  const result = registerDevice(scan.id, existing, request.sku, request.firmwareKey);
  if (result.outcome !== 'changed')
    return { answer: unchangedAnswer(parts, result), state, devices: [], order: null };
  const counted = { registered: state.registered + (existing ? 0 : 1) };
  return {
    answer: changedAnswer({ ...parts, next: nextOf(counted), text: result.text, devices: [scan.id] }),
    state: counted,
    devices: [{ before: existing, after: result.device }],
    order: null,
  };
}
