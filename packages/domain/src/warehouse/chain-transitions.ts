import type { SkuCode } from '../enums';
import { orderReference } from '../orders/states';
import { parsePackagingBarcode, REPACK_BARCODE_REASON } from './barcode';
import { boxQuantity } from './boxes';
import {
  CHAIN_CONFIG_STATES,
  CHAIN_EVENT_TAKES,
  chainPlace,
  DEVICE_KIND_BY_SKU,
  describePlace,
  deviceLabel,
  firmwareRefusal,
  type ChainDevice,
  type ChainEvent,
  type ChainPlace,
  type ChainRefusal,
  type ChainResult,
  type ChainUnchanged,
} from './chain';

// Issue 22: every transition of the chain (./chain.ts) and every refusal, each with the sentence a
// kiosk shows. A repeat of what is already true answers 'already' so a double scan never counts twice.

/** SPEC §4 tag reuse, as the returns inspection says it. */
export const NOT_REUSABLE_REASON = 'its history shows a collection urgency below 2 (SPEC §4 tag reuse)';

/** The refusal for an id the server does not know. */
export function noDeviceResult(id: string): ChainUnchanged {
  return refused('noDevice', `Device ${id} is not registered: the factory registers new devices`);
}

/** Issue 22 factory: register a newly flashed device, or re-register one not yet packed. */
export function registerDevice(
  id: string,
  existing: ChainDevice | null,
  sku: SkuCode,
  firmwareKey: string | null,
): ChainResult {
  const firmware = firmwareRefusal(sku, firmwareKey);
  if (firmware) return refused('firmware', firmware);
  const kind = DEVICE_KIND_BY_SKU[sku];
  const made = CHAIN_CONFIG_STATES[kind].made;
  if (!existing) {
    const device: ChainDevice = {
      id,
      kind,
      sku,
      state: made,
      org: 'factory',
      customerOrgId: null,
      box: null,
      order: null,
      qc: null,
      inspection: null,
      invoiceZone: null,
      firmwareKey,
    };
    return changed(device, `${sku} ${id} registered at the factory`);
  }
  const label = deviceLabel(existing);
  if (existing.kind !== kind)
    return refused('kindMismatch', `${label} is a ${existing.kind}; ${sku} is a ${kind}`);
  const place = chainPlace(existing);
  const same = existing.sku === sku && existing.firmwareKey === firmwareKey;
  if ((place === 'registered' || place === 'packed') && same)
    return already(existing, `${label} is already registered`);
  if (place === 'registered') {
    return changed(
      { ...existing, sku, firmwareKey },
      `${sku} ${id} registered again (was ${existing.sku ?? 'no SKU'})`,
    );
  }
  if (place === 'packed') {
    return refused('inOtherBox', `${label} is packed in box ${existing.box}: it cannot be registered again`);
  }
  return wrongPlace(existing, 'register');
}

type Event<T extends ChainEvent['type']> = Extract<ChainEvent, { type: T }>;
/** The device, its place and its label, which every transition reads. */
type At = { device: ChainDevice; place: ChainPlace | null; label: string };

/** Issue 22: the chain's answer to `event` for a known device. */
export function transition(
  device: ChainDevice,
  event: Exclude<ChainEvent, { type: 'register' }>,
): ChainResult {
  const at: At = { device, place: chainPlace(device), label: deviceLabel(device) };
  switch (event.type) {
    case 'pack':
      return pack(at, event.box);
    case 'repack':
      return event.box === null ? unboxed(at) : repack(at, event.box);
    case 'receive':
      return receive(at);
    case 'allocate':
      return allocate(at, event);
    case 'release':
      return release(at, event);
    case 'qc':
      return qc(at, event);
    case 'ship':
      return ship(at, event);
    case 'markForReturn':
      return markForReturn(at);
    case 'returnReceived':
      return returnReceived(at);
    case 'inspect':
      return inspect(at, event);
  }
}

function pack({ device, place, label }: At, barcode: string): ChainResult {
  const refusal = boxRefusal(device, label, barcode, false);
  if (refusal) return refusal;
  if (place === 'registered')
    return changed({ ...device, box: barcode }, `${label} packed in box ${barcode}`);
  if (place !== 'packed') return wrongPlace(device, 'pack');
  if (device.box === barcode) return already(device, `${label} is already in box ${barcode}`);
  return refused('inOtherBox', `${label} is already in box ${device.box}`);
}

function repack(at: At, barcode: string): ChainResult {
  const { device, place, label } = at;
  const refusal = boxRefusal(device, label, barcode, true);
  if (refusal) return refusal;
  if (place === 'in_stock' && device.box === barcode)
    return already(device, `${label} is already in box ${barcode}`);
  if (place !== 'reusable') return notRepackable(at);
  return changed(backInStock(device, barcode), `${label} repacked in box ${barcode}: back in stock`);
}

/** A SKU shipped loose (no box quantity) goes back to stock at repackaging without a box. */
function unboxed(at: At): ChainResult {
  const { device, place, label } = at;
  const quantity = boxQuantity(device.sku ?? '');
  if (quantity !== null) return refused('badBox', `${label} goes back in a repack box (-R) of ${quantity}`);
  if (place === 'in_stock') return already(device, `${label} is already in stock`);
  if (place !== 'reusable') return notRepackable(at);
  return changed(backInStock(device, null), `${label} back in stock (shipped loose)`);
}

/** Why `barcode` cannot hold `device` (SPEC §5: the repack barcode requires -R; one SKU per box), or null. */
function boxRefusal(
  device: ChainDevice,
  label: string,
  barcode: string,
  repack: boolean,
): ChainUnchanged | null {
  const parsed = parsePackagingBarcode(barcode);
  if (!parsed.ok) return refused('badBox', parsed.reason);
  if (repack && !parsed.value.repack) return refused('badBox', REPACK_BARCODE_REASON);
  if (!repack && parsed.value.repack)
    return refused('badBox', 'A factory box label has no -R: -R marks a repacked box');
  if (!device.sku) return refused('noSku', `${label} has no SKU: register it again with its SKU`);
  if (parsed.value.sku !== device.sku)
    return refused('skuMismatch', `${label} cannot go in a box of ${parsed.value.sku}`);
  return null;
}

function notRepackable({ device, place, label }: At): ChainResult {
  if (place === 'returned')
    return refused('notInspected', `${label} is not inspected yet: inspect it at returns first`);
  if (place === 'scrapped') return refused('scrapped', `${label} was scrapped`);
  return wrongPlace(device, 'repack');
}

function backInStock(device: ChainDevice, box: string | null): ChainDevice {
  const state = CHAIN_CONFIG_STATES[device.kind].stock;
  return { ...device, state, box, order: null, qc: null, inspection: null };
}

function receive({ device, place, label }: At): ChainResult {
  const received = { ...device, org: 'smpwarehouse' as const, state: CHAIN_CONFIG_STATES[device.kind].stock };
  if (place === 'packed') return changed(received, `${label} received into stock`);
  if (place === 'in_stock' || place === 'allocated') return already(device, `${label} is already received`);
  if (place !== 'registered') return wrongPlace(device, 'receive');
  const quantity = boxQuantity(device.sku ?? '');
  if (quantity === null) return changed(received, `${label} received into stock`);
  return refused('notPacked', `${label} is not packed: the factory packs it in a box of ${quantity} first`);
}

function allocate({ device, place, label }: At, event: Event<'allocate'>): ChainResult {
  const ref = orderReference(event.order);
  if (place === 'in_stock') return changed({ ...device, order: event.order }, `${label} added to ${ref}`);
  if (place !== 'allocated') return wrongPlace(device, event.type);
  if (device.order === event.order) return already(device, `${label} is already on ${ref}`);
  return onOtherOrder(device);
}

function release({ device, place, label }: At, event: Event<'release'>): ChainResult {
  if (place === 'in_stock') return already(device, `${label} is not on an order`);
  if (place !== 'allocated') return wrongPlace(device, event.type);
  if (device.order !== event.order) return onOtherOrder(device);
  const text = `${label} taken off ${orderReference(event.order)}: back in stock`;
  return changed({ ...device, order: null, qc: null }, text);
}

/** Quality control: a pass is marked; a fail takes the device off the order to the returns inspection. */
function qc({ device, place, label }: At, event: Event<'qc'>): ChainResult {
  const failedHere = device.qc?.result === 'fail' && device.qc.order === event.order;
  if (place === 'returned' && failedHere && event.result === 'fail') {
    return already(device, `${label} already failed quality control`);
  }
  if (place !== 'allocated') return wrongPlace(device, event.type);
  if (device.order !== event.order) return onOtherOrder(device);
  const mark = { result: event.result, order: event.order, notes: event.notes.trim() };
  if (event.result === 'pass') {
    if (device.qc?.result === 'pass') return already(device, `${label} already passed quality control`);
    return changed({ ...device, qc: mark }, `${label} passed quality control`);
  }
  if (!mark.notes) return refused('notesRequired', `Say why ${label} failed`);
  const failed = { ...device, state: 'returned', order: null, box: null, qc: mark, inspection: null };
  const ref = orderReference(event.order);
  return changed(failed, `${label} failed quality control and left ${ref}: inspect it at returns`);
}

/** Issue 22 ship: to the customer's organisation, reserved (a gateway ready_to_deploy), invoiceZone set. */
function ship({ device, place, label }: At, event: Event<'ship'>): ChainResult {
  const shipped = device.order === event.order && device.customerOrgId === event.customerOrgId;
  if (place === 'at_customer' && shipped) return already(device, `${label} is already shipped`);
  if (place !== 'allocated') return wrongPlace(device, event.type);
  if (device.order !== event.order) return onOtherOrder(device);
  const next: ChainDevice = {
    ...device,
    org: 'customer',
    customerOrgId: event.customerOrgId,
    state: CHAIN_CONFIG_STATES[device.kind].shipped,
    invoiceZone: device.kind === 'tag' ? event.customerOrgId : device.invoiceZone,
  };
  return changed(next, `${label} shipped with ${orderReference(event.order)}`);
}

function markForReturn({ device, place, label }: At): ChainResult {
  const state = CHAIN_CONFIG_STATES[device.kind].forReturn;
  if (place === 'at_customer') return changed({ ...device, state }, `${label} marked for return`);
  if (place === 'to_return') return already(device, `${label} is already marked for return`);
  return wrongPlace(device, 'markForReturn');
}

function returnReceived({ device, place, label }: At): ChainResult {
  if (place === 'to_return' || place === 'lost') {
    const back: ChainDevice = {
      ...device,
      org: 'smpwarehouse',
      customerOrgId: null,
      state: 'returned',
      invoiceZone: null,
      box: null,
      order: null,
      qc: null,
      inspection: null,
    };
    return changed(back, `${label} returned: inspect it`);
  }
  if (place === 'returned' || place === 'reusable' || place === 'scrapped') {
    return already(device, `${label} is already ${describePlace(device)}`);
  }
  if (place !== 'at_customer') return wrongPlace(device, 'returnReceived');
  const state = device.state ?? 'no state';
  return refused(
    'stillInUse',
    `${label} is still in use at its customer (${state}): the customer marks it for return first`,
  );
}

/** Returns inspection: reusable only where SPEC §4's tag reuse rule allows; a scrap says why. */
function inspect({ device, place, label }: At, event: Event<'inspect'>): ChainResult {
  if (place === 'scrapped') {
    if (event.verdict === 'scrapped') return already(device, `${label} is already scrapped`);
    return refused('scrapped', `${label} was scrapped`);
  }
  if (place !== 'returned' && place !== 'reusable') return wrongPlace(device, event.type);
  const notes = event.notes.trim();
  if (event.verdict === 'reusable') {
    if (event.reusableByRule === false)
      return refused('notReusable', `${label} is not reusable: ${NOT_REUSABLE_REASON}`);
    if (place === 'reusable') return already(device, `${label} is already inspected reusable`);
    return changed(
      { ...device, inspection: { verdict: 'reusable', notes } },
      `${label} is reusable: repack it`,
    );
  }
  if (!notes && event.reusableByRule !== false)
    return refused('notesRequired', `Say why ${label} is scrapped`);
  const inspection = { verdict: 'scrapped' as const, notes: notes || `Not reusable: ${NOT_REUSABLE_REASON}` };
  return changed({ ...device, inspection }, `${label} scrapped`);
}

function changed(device: ChainDevice, text: string): ChainResult {
  return { outcome: 'changed', device, place: chainPlace(device) as ChainPlace, text };
}

function already(device: ChainDevice, text: string): ChainResult {
  return { outcome: 'already', place: chainPlace(device) as ChainPlace, text };
}

function refused(refusal: ChainRefusal, reason: string): ChainUnchanged {
  return { outcome: 'refused', refusal, reason };
}

function wrongPlace(device: ChainDevice, event: ChainEvent['type']): ChainResult {
  return refused(
    'wrongPlace',
    `${deviceLabel(device)} is ${describePlace(device)}: ${CHAIN_EVENT_TAKES[event]}`,
  );
}

function onOtherOrder(device: ChainDevice): ChainResult {
  return refused('onOtherOrder', `${deviceLabel(device)} is on order ${orderReference(device.order ?? 0)}`);
}
