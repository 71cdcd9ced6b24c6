import { z } from 'zod';
import { macIdSchema, uuidSchema } from '../contract/common';
import { skuCodeSchema } from '../enums';
import type { Action, AppAbility, Subject } from '../permissions/model';
import { orderStateSchema, type OrderState } from '../orders/states';
import type { ChainChange, ChainDevice, ChainResult, ChainUnchanged } from './chain';
import { FIRMWARE_KEYS } from './constants';
import { describeScan, SCAN_KINDS, SCAN_TEXT_MAX, type ClassifiedScan } from './scan-kind';

// Issue 22: the contract every scan-driven kiosk step shares. The kiosk sends one scan per call
// with an idempotency key; the server classifies the text (./scan-kind.ts), looks up what it names,
// runs the step's pure reducer (./step-*.ts) and applies its writes in one transaction. The answer
// says what was understood, what changed (or nothing, or the refusal) and what the step expects next.

export const SCAN_STEPS = ['register', 'pack', 'receive', 'ship', 'qc', 'returns', 'repack'] as const;
export const scanStepSchema = z.enum(SCAN_STEPS);
export type ScanStep = z.infer<typeof scanStepSchema>;

/** How long notes on a quality-control fail or a returns inspection may be. */
export const SCAN_NOTES_MAX = 500;

const scanBase = {
  /** What the scanner (or the keyboard) sent; any kind at any step. */
  text: z.string().max(SCAN_TEXT_MAX, `A scan is at most ${SCAN_TEXT_MAX} characters`),
  /** Made by the kiosk when the scan happens; a retry or a queued resend carries the same key. */
  idempotencyKey: uuidSchema,
};
const orderNumberSchema = z.number().int().positive();
const notesSchema = z.string().trim().max(SCAN_NOTES_MAX, `Notes are at most ${SCAN_NOTES_MAX} characters`);
export const firmwareKeySchema = z.enum([...FIRMWARE_KEYS.indoor, ...FIRMWARE_KEYS.outdoor]);

export const qcDecisionSchema = z.strictObject({
  result: z.enum(['pass', 'fail']),
  notes: notesSchema.default(''),
});
export type QcDecision = z.infer<typeof qcDecisionSchema>;
export const inspectionDecisionSchema = z.strictObject({
  verdict: z.enum(['reusable', 'scrapped']),
  notes: notesSchema.default(''),
});
export type InspectionDecision = z.infer<typeof inspectionDecisionSchema>;

/** POST of one scan (issue 22): the step, the text, the idempotency key and what the step needs. */
export const scanRequestSchema = z.discriminatedUnion('step', [
  /** Factory: the SKU and firmware key chosen on screen (SPEC §9). */
  z.strictObject({
    step: z.literal('register'),
    ...scanBase,
    sku: skuCodeSchema,
    firmwareKey: firmwareKeySchema.nullable().default(null),
  }),
  /** Factory packing: devices go into the open box; scanning the open box's own label closes it. */
  z.strictObject({ step: z.literal('pack'), ...scanBase }),
  z.strictObject({ step: z.literal('receive'), ...scanBase }),
  /** `order` from /warehouse/logistics/ship/{order}; `remove` takes the scanned box or device off it. */
  z.strictObject({
    step: z.literal('ship'),
    ...scanBase,
    order: orderNumberSchema.optional(),
    remove: z.boolean().default(false),
  }),
  /** `decision` records pass or fail for the scanned device; without it the device is only looked at. */
  z.strictObject({
    step: z.literal('qc'),
    ...scanBase,
    order: orderNumberSchema.optional(),
    decision: qcDecisionSchema.optional(),
  }),
  /** `decision` inspects the scanned device; without it the device is only taken back. */
  z.strictObject({ step: z.literal('returns'), ...scanBase, decision: inspectionDecisionSchema.optional() }),
  z.strictObject({ step: z.literal('repack'), ...scanBase }),
]);
export type ScanRequest = z.infer<typeof scanRequestSchema>;
export type ScanRequestOf<S extends ScanStep> = Extract<ScanRequest, { step: S }>;

/** Refused, nothing and changed: what a scan did. A refusal is an answer (200), not an error. */
export const SCAN_OUTCOMES = ['changed', 'nothing', 'refused'] as const;

const lineProgressSchema = z.object({
  sku: z.string(),
  quantity: z.number().int(),
  scanned: z.number().int(),
  remaining: z.number().int(),
  boxes: z.number().int(),
  boxesScanned: z.number().int(),
  cartons: z.number().int().nullable(),
  /** Quality control: devices of the line to check (one per box) and how many passed. */
  qcSample: z.number().int(),
  qcPassed: z.number().int(),
});

export const scanAnswerSchema = z.object({
  step: scanStepSchema,
  understood: z.object({ kind: z.enum(SCAN_KINDS), id: z.string().nullable(), text: z.string() }),
  changed: z.object({
    outcome: z.enum(SCAN_OUTCOMES),
    text: z.string(),
    /** A refusal's code (a ChainRefusal or the step's own, e.g. 'wrongKind'), for programs. */
    code: z.string().optional(),
    /** The devices this scan changed. */
    devices: z.array(macIdSchema),
  }),
  next: z.string(),
  /** A label the kiosk prints now (a box just opened at packing or repackaging). */
  print: z.object({ barcode: z.string(), sku: z.string(), repack: z.boolean() }).nullable(),
  /** The order the step works on (ship, qc), with its lines' progress. */
  order: z
    .object({
      number: z.number().int(),
      reference: z.string(),
      state: orderStateSchema,
      complete: z.boolean(),
      qcDone: z.boolean(),
      lines: z.array(lineProgressSchema),
    })
    .nullable(),
  /** True when the answer is the stored one of an earlier call with the same idempotency key. */
  repeat: z.boolean(),
});
export type ScanAnswer = z.infer<typeof scanAnswerSchema>;
export type ScanOrderProgress = NonNullable<ScanAnswer['order']>;

/** An order as the ship and qc steps read it (orders table: number, state, customer_org_id, lines). */
export type ChainOrder = {
  number: number;
  state: OrderState;
  customerOrgId: string;
  lines: readonly { sku: string; quantity: number }[];
};

/**
 * What the server looked up for a scan, before the reducer runs: for a device scan its device (null
 * when unknown) and, at returns, SPEC §4's reuse verdict (isTagReusable; null for a gateway); for a
 * box label the devices whose config.logistics.barcode it is; for an order label the order (null
 * when unknown) and its devices (config.logistics.order = its number).
 */
export type ScanFound = {
  device?: ChainDevice | null;
  reusable?: boolean | null;
  boxDevices?: readonly ChainDevice[];
  order?: ChainOrder | null;
  orderDevices?: readonly ChainDevice[];
};

/** A reducer's input: the step's state, the classified scan, the request, the look-ups, the context. */
export type StepInput<S, R, C = Record<string, never>> = {
  state: S;
  scan: ClassifiedScan;
  request: R;
  found: ScanFound;
  ctx: C;
};

/** One device write of a scan: the server stores `after` (config.state, org, config.logistics, invoiceZone). */
export type DeviceWrite = { before: ChainDevice | null; after: ChainDevice };

/** What a step's reducer gives: the answer, the step's next state and the writes of one transaction. */
export type StepResult<S> = {
  answer: ScanAnswer;
  state: S;
  devices: DeviceWrite[];
  /**
   * The states the order passes through, in order, when the scan moves it (each one step of
   * orders/states.ts orderTransition: one box may fill an open order, open → picking → qc).
   */
  order: { number: number; states: OrderState[] } | null;
};

type Permission = readonly [Action, Subject];

/**
 * SPEC §6: what a caller holds to scan at each step (every one, checked by the route). Beyond
 * these, shipping an order (the transfer to the customer) needs SHIP_PERMISSION and scrapping a
 * returned device SCRAP_PERMISSION, passed to the reducers as ctx.mayShip and ctx.mayScrap.
 */
export const SCAN_STEP_PERMISSIONS: Readonly<Record<ScanStep, readonly Permission[]>> = {
  register: [['update', 'Inventory']],
  pack: [['update', 'Inventory']],
  receive: [['update', 'Inventory']],
  ship: [
    ['update', 'Inventory'],
    ['read', 'Order'],
  ],
  qc: [
    ['update', 'Inventory'],
    ['read', 'Order'],
  ],
  returns: [['update', 'Inventory']],
  repack: [['update', 'Inventory']],
};
/**
 * Issue 22, SPEC §6 logistics slugs: the organisation whose staff scan at each step (the factory
 * kiosk's and the warehouse kiosk's); a caller of another organisation is refused with a 403.
 */
export const SCAN_STEP_ORG: Readonly<Record<ScanStep, 'factory' | 'smpwarehouse'>> = {
  register: 'factory',
  pack: 'factory',
  receive: 'smpwarehouse',
  ship: 'smpwarehouse',
  qc: 'smpwarehouse',
  returns: 'smpwarehouse',
  repack: 'smpwarehouse',
};
export const SHIP_PERMISSION: Permission = ['update', 'Order'];
export const SCRAP_PERMISSION: Permission = ['delete', 'Inventory'];

/** SPEC §6: the steps an ability may scan at, and whether it may ship orders and scrap devices. */
export function scanPermissions(ability: AppAbility): {
  steps: ScanStep[];
  mayShip: boolean;
  mayScrap: boolean;
} {
  const holds = ([action, subject]: Permission) => ability.can(action, subject);
  return {
    steps: SCAN_STEPS.filter((step) => SCAN_STEP_PERMISSIONS[step].every(holds)),
    mayShip: holds(SHIP_PERMISSION),
    mayScrap: holds(SCRAP_PERMISSION),
  };
}

/** What each step takes, said when a scan of another kind arrives. */
export const STEP_TAKES: Readonly<Record<ScanStep, string>> = {
  register: 'registering takes a device id',
  pack: 'packing takes devices registered here, or a box label to reopen its box',
  receive: 'receiving takes box labels from the factory, or loose devices',
  ship: 'shipping takes an order label, then boxes and devices for it',
  qc: 'quality control takes an order label, then devices of that order',
  returns: 'returns take devices sent back, one by one',
  repack: 'repackaging takes devices inspected reusable, or a repack box label (-R)',
};

/** The answer's `understood`. */
export function understoodOf(scan: ClassifiedScan): ScanAnswer['understood'] {
  return { kind: scan.kind, id: scan.id, text: describeScan(scan) };
}

type AnswerParts = {
  step: ScanStep;
  scan: ClassifiedScan;
  next: string;
  print?: ScanAnswer['print'];
  order?: ScanAnswer['order'];
};

/** An answer whose scan changed `devices`. */
export function changedAnswer(parts: AnswerParts & { text: string; devices: string[] }): ScanAnswer {
  return answer(parts, { outcome: 'changed', text: parts.text, devices: parts.devices });
}

/** An answer whose scan changed nothing (already done, or only looked at). */
export function nothingAnswer(parts: AnswerParts & { text: string }): ScanAnswer {
  return answer(parts, { outcome: 'nothing', text: parts.text, devices: [] });
}

/** An answer refusing the scan: nothing was written. */
export function refusedAnswer(parts: AnswerParts & { reason: string; code: string }): ScanAnswer {
  return answer(parts, { outcome: 'refused', text: parts.reason, code: parts.code, devices: [] });
}

/** The refusal for a scan of a kind the step does not take (or not understood at all). */
export function wrongKindAnswer(parts: AnswerParts): ScanAnswer {
  if (parts.scan.kind === 'unknown')
    return refusedAnswer({ ...parts, reason: parts.scan.reason, code: 'unknown' });
  const reason = `${describeScan(parts.scan)}: ${STEP_TAKES[parts.step]}`;
  return refusedAnswer({ ...parts, reason, code: 'wrongKind' });
}

/** The answer of a chain result that did not change anything: 'already' or a refusal; `prefix` names the box. */
export function unchangedAnswer(parts: AnswerParts, result: ChainUnchanged, prefix = ''): ScanAnswer {
  return result.outcome === 'already'
    ? nothingAnswer({ ...parts, text: prefix + result.text })
    : refusedAnswer({ ...parts, reason: prefix + result.reason, code: result.refusal });
}

function answer(parts: AnswerParts, changed: ScanAnswer['changed']): ScanAnswer {
  return {
    step: parts.step,
    understood: understoodOf(parts.scan),
    changed,
    next: parts.next,
    print: parts.print ?? null,
    order: parts.order ?? null,
    repeat: false,
  };
}

/**
 * Issue 22 idempotency: the answer to a call whose key was already answered. Nothing is done again;
 * the stored answer comes back, marked a repeat, its change reported as nothing.
 */
export function repeatAnswer(stored: ScanAnswer): ScanAnswer {
  if (stored.changed.outcome === 'refused') return { ...stored, repeat: true };
  const text = `Nothing: already done (${stored.changed.text})`;
  return { ...stored, changed: { ...stored.changed, outcome: 'nothing', text, devices: [] }, repeat: true };
}

/**
 * The chain's results for the devices of one scan (a box is all or nothing): the first refusal,
 * else the writes of those that changed, and the first 'already' to answer when none did.
 */
export function collectResults(results: readonly { before: ChainDevice; result: ChainResult }[]): {
  refused: Extract<ChainResult, { outcome: 'refused' }> | null;
  already: Extract<ChainResult, { outcome: 'already' }> | null;
  changes: ChainChange[];
  writes: DeviceWrite[];
} {
  let refused = null;
  let already = null;
  const changes: ChainChange[] = [];
  const writes: DeviceWrite[] = [];
  for (const { before, result } of results) {
    if (result.outcome === 'refused') refused ??= result;
    else if (result.outcome === 'already') already ??= result;
    else {
      changes.push(result);
      writes.push({ before, after: result.device });
    }
  }
  return { refused, already, changes, writes };
}
