import {
  BOX_STEP_START,
  boxStepNext,
  qcNext,
  receiveNext,
  reduceBoxScan,
  reduceQcScan,
  reduceReceiveScan,
  reduceRegisterScan,
  reduceReturnsScan,
  reduceShipScan,
  REGISTER_START,
  RECEIVE_START,
  RETURNS_START,
  returnsNext,
  shipNext,
  type BoxStepState,
  type ClassifiedScan,
  type OrderStepState,
  type ReceiveState,
  type RegisterState,
  type ReturnsState,
  type ScanFound,
  type ScanRequest,
  type ScanStep,
  type StepResult,
} from '@vigil/domain';

// Issue 22: each kiosk step's stored state and its reducer (packages/domain/src/warehouse/step-*.ts).
// Ship and qc keep only the chosen order's number: the order and its devices are read at each scan.

/** What warehouse_step_states.state holds for ship and qc. */
export type StoredOrderChoice = { order: number | null };

export const STEP_START: Readonly<Record<ScanStep, Record<string, unknown>>> = {
  register: REGISTER_START,
  pack: BOX_STEP_START,
  receive: RECEIVE_START,
  ship: { order: null },
  qc: { order: null },
  returns: RETURNS_START,
  repack: BOX_STEP_START,
};

/** What the reducers need beyond the scan: the caller's rights and, at pack and repack, the label. */
export type StepContext = {
  mayShip: boolean;
  mayScrap: boolean;
  today: string;
  nextBoxNumber: number;
};

/** The state a reducer reads: the stored one, or for ship and qc the chosen order with its devices. */
export type ReducerState = Record<string, unknown> | OrderStepState;

/** Runs the step's reducer (the domain's; the server adds no rule). */
export function runReducer(
  request: ScanRequest,
  scan: ClassifiedScan,
  state: ReducerState,
  found: ScanFound,
  ctx: StepContext,
): StepResult<unknown> {
  switch (request.step) {
    case 'register':
      return reduceRegisterScan({ scan, request, found, state: state as RegisterState, ctx: {} });
    case 'pack':
    case 'repack':
      return reduceBoxScan(request.step, { scan, request, found, state: state as BoxStepState, ctx });
    case 'receive':
      return reduceReceiveScan({ scan, request, found, state: state as ReceiveState, ctx: {} });
    case 'ship':
      return reduceShipScan({ scan, request, found, state: state as OrderStepState, ctx });
    case 'qc':
      return reduceQcScan({ scan, request, found, state: state as OrderStepState, ctx: {} });
    case 'returns':
      return reduceReturnsScan({ scan, request, found, state: state as ReturnsState, ctx });
  }
}

/** What the state to store is after a reducer: ship and qc keep the order's number. */
export function storedState(step: ScanStep, state: unknown): Record<string, unknown> {
  if (step === 'ship' || step === 'qc') return { order: (state as OrderStepState).order?.number ?? null };
  return state as Record<string, unknown>;
}

/** What the step expects now, for GET of the step's state. */
export function nextOf(step: ScanStep, state: ReducerState): string {
  switch (step) {
    case 'register':
      return `Scan a device to register (${(state as RegisterState).registered} registered)`;
    case 'pack':
    case 'repack':
      return boxStepNext(step, state as BoxStepState);
    case 'receive':
      return receiveNext(state as ReceiveState);
    case 'ship':
      return shipNext(state as OrderStepState);
    case 'qc':
      return qcNext(state as OrderStepState);
    case 'returns':
      return returnsNext(state as ReturnsState);
  }
}
