import type { SkuCode } from '../enums';
import type { PackagingBarcode } from './barcode';
import { BOX_COUNT_BY_SKU, BOX_QUANTITY_BY_SKU } from './constants';

// Issue 22: box rules of the factory, receiving, shipping and repackaging (SPEC §9 box quantity =
// devices per box, box count = boxes per shipping carton). SKUs without a box quantity (GWC, GWG,
// DSK) travel loose: each unit is scanned by its own id.

/** SPEC §9 box quantity of a SKU, or null when the SKU is not boxed (shipped loose). */
export function boxQuantity(sku: string): number | null {
  return (BOX_QUANTITY_BY_SKU as Partial<Record<string, number>>)[sku] ?? null;
}

/** SPEC §9 box count (boxes per shipping carton) of a SKU, or null when the SKU is not boxed. */
export function boxCount(sku: string): number | null {
  return (BOX_COUNT_BY_SKU as Partial<Record<string, number>>)[sku] ?? null;
}

export type BoxFill = 'empty' | 'short' | 'full' | 'over';

/** Issue 22: how full a box of `sku` holding `count` devices is, and how many are missing or extra. */
export function boxFill(sku: string, count: number): { fill: BoxFill; missing: number; extra: number } {
  const quantity = boxQuantity(sku) ?? 1;
  const fill: BoxFill =
    count === 0 ? 'empty' : count < quantity ? 'short' : count === quantity ? 'full' : 'over';
  return { fill, missing: Math.max(0, quantity - count), extra: Math.max(0, count - quantity) };
}

export type BoxContentsRefusal = 'notBoxed' | 'mixedSkus' | 'skuMismatch' | 'over';
export type BoxContentsVerdict = { ok: true } | { ok: false; refusal: BoxContentsRefusal; reason: string };

/**
 * Issue 22, SPEC §5, §9: a box holds devices of one SKU, the SKU of its packaging barcode, at most
 * the SKU's box quantity. An empty box is valid (a label printed before the first device).
 */
export function checkBoxContents(
  barcode: Pick<PackagingBarcode, 'sku'>,
  deviceSkus: readonly (string | null)[],
): BoxContentsVerdict {
  const quantity = boxQuantity(barcode.sku);
  if (quantity === null) {
    return refuse('notBoxed', `${barcode.sku} is not packed in boxes: scan each unit by its id`);
  }
  const skus = [...new Set(deviceSkus.map((sku) => sku ?? 'no SKU'))];
  if (skus.length > 1)
    return refuse('mixedSkus', `A box holds one SKU; these devices are ${skus.join(', ')}`);
  if (skus.length === 1 && skus[0] !== barcode.sku) {
    return refuse('skuMismatch', `Box ${barcode.sku} cannot hold ${skus[0]}`);
  }
  if (deviceSkus.length > quantity) {
    return refuse(
      'over',
      `A box of ${barcode.sku} holds ${quantity}; this one would hold ${deviceSkus.length}`,
    );
  }
  return { ok: true };
}

function refuse(refusal: BoxContentsRefusal, reason: string): BoxContentsVerdict {
  return { ok: false, refusal, reason };
}

/**
 * SPEC §5 packaging barcode as the factory and repackaging print it: SKU, the date as YYYYMMDD, the
 * box's number of that SKU and day (SPEC's carton number), and -R for a repack. Null for a SKU that
 * is not boxed or a malformed date or number.
 */
export function packagingBarcodeText(box: {
  sku: string;
  date: string;
  number: number;
  repack: boolean;
}): string | null {
  if (boxQuantity(box.sku) === null || !/^\d{8}$/.test(box.date)) return null;
  if (!Number.isSafeInteger(box.number) || box.number < 1) return null;
  return `${box.sku}-${box.date}-${box.number}${box.repack ? '-R' : ''}`;
}

/** What shipping one order line takes (SPEC §9): boxes of the box quantity, cartons of the box count. */
export type ShipPlan = {
  sku: string;
  quantity: number;
  /** Devices per box; 1 for a loose SKU. */
  boxQuantity: number;
  /** Boxes (or loose units) the line fills, the last one possibly short. */
  boxes: number;
  /** Devices in the last box when it is short, else 0. */
  shortBox: number;
  /** Boxes per carton; null for a loose SKU. */
  boxCount: number | null;
  /** Shipping cartons for the boxes; null for a loose SKU. */
  cartons: number | null;
};

/** Issue 22 ship: how many boxes and cartons an order line of `quantity` × `sku` takes. */
export function shipPlan(sku: string, quantity: number): ShipPlan {
  const perBox = boxQuantity(sku) ?? 1;
  const perCarton = boxCount(sku);
  const boxes = Math.ceil(quantity / perBox);
  return {
    sku,
    quantity,
    boxQuantity: perBox,
    boxes,
    shortBox: quantity % perBox,
    boxCount: perCarton,
    cartons: perCarton === null ? null : Math.ceil(boxes / perCarton),
  };
}

/** One order line's picking: how many of its devices are on the order and what is left. */
export type LineProgress = ShipPlan & {
  scanned: number;
  remaining: number;
  /** Whole boxes' worth scanned. */
  boxesScanned: number;
  /** Boxes' worth still to scan (a part box counts as one). */
  boxesRemaining: number;
};

/** Issue 22 ship: a line's progress once `scanned` of its devices are on the order. */
export function lineProgress(sku: string, quantity: number, scanned: number): LineProgress {
  const plan = shipPlan(sku, quantity);
  const remaining = Math.max(0, quantity - scanned);
  return {
    ...plan,
    scanned,
    remaining,
    boxesScanned: Math.floor(Math.min(scanned, quantity) / plan.boxQuantity),
    boxesRemaining: Math.ceil(remaining / plan.boxQuantity),
  };
}

/** Issue 22 ship: every line's progress, given the order's devices by SKU; complete when none is left. */
export function orderProgress(
  lines: readonly { sku: string; quantity: number }[],
  scannedBySku: Readonly<Record<string, number>>,
): { lines: LineProgress[]; complete: boolean } {
  const progress = lines.map((line) => lineProgress(line.sku, line.quantity, scannedBySku[line.sku] ?? 0));
  return { lines: progress, complete: progress.every((line) => line.remaining === 0) };
}

export type AllocationVerdict =
  { ok: true } | { ok: false; refusal: 'notOrdered' | 'tooMany'; reason: string };

/** Issue 22 ship: may `count` devices of `sku` join an order whose lines progress so? */
export function allocationVerdict(
  progress: readonly LineProgress[],
  sku: string,
  count: number,
): AllocationVerdict {
  const line = progress.find((l) => l.sku === sku);
  if (!line) return { ok: false, refusal: 'notOrdered', reason: `This order has no ${sku}` };
  if (count > line.remaining) {
    const need =
      line.remaining === 0 ? `has all its ${line.quantity} ${sku}` : `needs ${line.remaining} more ${sku}`;
    return { ok: false, refusal: 'tooMany', reason: `This order ${need}; this scan brings ${count}` };
  }
  return { ok: true };
}

/**
 * Issue 22 ship: what the packer scans next for one line, e.g. 'Scan the next box of TAG5: 3 of 5
 * boxes scanned (60 of 100)'; a part box is scanned device by device.
 */
export function lineNextText(line: LineProgress): string {
  const { sku, quantity, scanned, remaining } = line;
  if (remaining === 0) return `${sku}: all ${quantity} scanned`;
  if (line.boxQuantity === 1) return `Scan the next ${sku}: ${scanned} of ${quantity} scanned`;
  if (remaining < line.boxQuantity) {
    return `Scan ${remaining} more ${sku} one by one (a box holds ${line.boxQuantity}): ${scanned} of ${quantity} scanned`;
  }
  return `Scan the next box of ${sku}: ${line.boxesScanned} of ${line.boxes} boxes scanned (${scanned} of ${quantity})`;
}

/** Issue 22 ship: one line per carton's worth, e.g. 'TAG5: 10 boxes per carton, 1 carton'. */
export function cartonText(plan: ShipPlan): string {
  if (plan.boxCount === null || plan.cartons === null) return `${plan.sku}: ${plan.quantity} loose`;
  const cartons = `${plan.cartons} carton${plan.cartons === 1 ? '' : 's'}`;
  return `${plan.sku}: ${plan.boxes} box${plan.boxes === 1 ? '' : 'es'} of ${plan.boxQuantity}, ${plan.boxCount} boxes per carton, ${cartons}`;
}

/** The SKU of a box label is its prefix (SPEC §5), e.g. 'TAG5' for TAG5-20240115-7. */
export function skuOfBarcode(barcode: Pick<PackagingBarcode, 'sku'>): SkuCode | null {
  return boxQuantity(barcode.sku) === null ? null : (barcode.sku as SkuCode);
}
