import type { SkuCode } from '../enums';
import { orderReference } from '../orders/states';
import { FIRMWARE_KEYS } from './constants';

// Issue 22: the supply chain of one device, factory → warehouse → customer → back, as a pure state
// machine. SPEC §3's states stay the device's config.state; the chain's own facts sit beside them in
// config.logistics (box = SPEC's logistics.barcode, order, qc, inspection) and in the organisation.
// Where a device is in the chain (its place) is read from those, never stored: a customer's own
// change of state (SPEC §4 tag flows, gateway unassign) moves it without the chain knowing.

export type DeviceKind = 'tag' | 'gateway';

/** SPEC §3 SKU codes: tags and wearables live in the tags table, the rest in the gateways table. */
export const DEVICE_KIND_BY_SKU: Readonly<Record<SkuCode, DeviceKind>> = {
  TAG3: 'tag',
  TAG5: 'tag',
  TAG6: 'tag',
  TAG7: 'tag',
  WEAR1: 'tag',
  GW2: 'gateway',
  GWL1: 'gateway',
  NODE1: 'gateway',
  GWC: 'gateway',
  GWG: 'gateway',
  DSK: 'gateway',
};

/**
 * SPEC §6 logistics organisations by slug, and 'customer' for any other. Stock lives in
 * smpwarehouse; strongline-inventory is where the console's transfer_inv (SPEC §4) sends devices
 * back, so the chain reads everything there as on its way back.
 */
export const CHAIN_ORGS = ['factory', 'smpwarehouse', 'strongline-inventory', 'customer'] as const;
export type ChainOrg = (typeof CHAIN_ORGS)[number];

/** The chain org of an organisation slug. */
export function chainOrgOf(slug: string | null | undefined): ChainOrg {
  return CHAIN_ORGS.find((org) => org === slug && org !== 'customer') ?? 'customer';
}

/**
 * SPEC §3 config.state the chain writes, by kind. Gateways have no flashed, available or reserved:
 * a gateway is ready_to_deploy from the factory until a customer deploys it (its organisation says
 * where it is), and undeployed (shown as Ready for Return) is its mark for return.
 */
export const CHAIN_CONFIG_STATES = {
  tag: { made: 'flashed', stock: 'available', shipped: 'reserved', forReturn: 'ready_for_return' },
  gateway: {
    made: 'ready_to_deploy',
    stock: 'ready_to_deploy',
    shipped: 'ready_to_deploy',
    forReturn: 'undeployed',
  },
} as const satisfies Record<DeviceKind, Record<string, string>>;

/** States of a device at a customer that mean it is on its way back (SPEC §4 invalidation, unassign). */
const RETURN_STATES: Readonly<Record<DeviceKind, readonly string[]>> = {
  tag: ['ready_for_return', 'returned'],
  gateway: ['undeployed', 'ready_for_return', 'returned'],
};

/** Quality control's mark on a device of an order (config.logistics.qc). */
export type QcMark = { result: 'pass' | 'fail'; order: number; notes: string };
/** The returns inspection of a returned device (config.logistics.inspection); only read while returned. */
export type Inspection = { verdict: 'reusable' | 'scrapped'; notes: string };

/** What the chain reads and writes of one tag or gateway. */
export type ChainDevice = {
  /** 12 lower-case hex (SPEC §9 MAC length). */
  id: string;
  kind: DeviceKind;
  /** config.logistics.sku. */
  sku: string | null;
  /** config.state as stored (SPEC §3 tag or gateway config states). */
  state: string | null;
  org: ChainOrg;
  /** The organisation's id when `org` is 'customer'. */
  customerOrgId: string | null;
  /** config.logistics.barcode: the packaging barcode of the box it is in (SPEC §3, §5). */
  box: string | null;
  /** config.logistics.order: the order number it is on, or was shipped with. */
  order: number | null;
  qc: QcMark | null;
  inspection: Inspection | null;
  /** Tag invoiceZone (SPEC §3). */
  invoiceZone: string | null;
  /** config.logistics.firmware: the SPEC §9 firmware key a gateway was flashed with. */
  firmwareKey: string | null;
};

export const CHAIN_PLACES = [
  'registered',
  'packed',
  'in_stock',
  'allocated',
  'at_customer',
  'to_return',
  'lost',
  'returned',
  'reusable',
  'scrapped',
] as const;
export type ChainPlace = (typeof CHAIN_PLACES)[number];

/** Issue 22: where a device is in the chain, from its organisation, state and logistics facts; null when nowhere. */
export function chainPlace(device: ChainDevice): ChainPlace | null {
  const states = CHAIN_CONFIG_STATES[device.kind];
  if (device.org === 'strongline-inventory') return 'to_return';
  if (device.state === 'lost') return 'lost';
  switch (device.org) {
    case 'factory':
      if (device.state !== states.made) return null;
      return device.box ? 'packed' : 'registered';
    case 'smpwarehouse':
      if (device.state === 'returned') {
        if (device.inspection?.verdict === 'scrapped') return 'scrapped';
        return device.inspection?.verdict === 'reusable' ? 'reusable' : 'returned';
      }
      if (device.state !== states.stock) return null;
      return device.order === null ? 'in_stock' : 'allocated';
    case 'customer':
      return RETURN_STATES[device.kind].includes(device.state ?? '') ? 'to_return' : 'at_customer';
  }
}

/** How a kiosk names a device: its SKU (or kind) and id, e.g. 'TAG5 aabbccddeeff'. */
export function deviceLabel(device: Pick<ChainDevice, 'id' | 'kind' | 'sku'>): string {
  return `${device.sku ?? (device.kind === 'tag' ? 'Tag' : 'Gateway')} ${device.id}`;
}

/** Issue 22: where a device is, in words, e.g. 'on order ORD-12'. */
export function describePlace(device: ChainDevice): string {
  const place = chainPlace(device);
  switch (place) {
    case null:
      return `outside the supply chain (state ${device.state ?? 'none'} in ${device.org})`;
    case 'packed':
      return `packed at the factory in box ${device.box}`;
    case 'allocated':
      return `on order ${orderReference(device.order ?? 0)}`;
    default:
      return PLACE_TEXT[place];
  }
}

const PLACE_TEXT: Readonly<Record<ChainPlace, string>> = {
  registered: 'registered at the factory, not packed',
  packed: 'packed at the factory',
  in_stock: 'in stock',
  allocated: 'on an order',
  at_customer: 'at a customer',
  to_return: 'on its way back from a customer',
  lost: 'marked lost',
  returned: 'returned, waiting for inspection',
  reusable: 'inspected reusable, waiting to be repacked',
  scrapped: 'scrapped',
};

export type ChainEvent =
  | { type: 'register'; sku: SkuCode; firmwareKey: string | null }
  | { type: 'pack'; box: string }
  | { type: 'receive' }
  | { type: 'allocate'; order: number }
  | { type: 'release'; order: number }
  | { type: 'qc'; order: number; result: 'pass' | 'fail'; notes: string }
  | { type: 'ship'; order: number; customerOrgId: string }
  | { type: 'markForReturn' }
  | { type: 'returnReceived' }
  /** `reusableByRule`: SPEC §4 tag reuse (isTagReusable of its audit history); null for a gateway. */
  | { type: 'inspect'; verdict: Inspection['verdict']; reusableByRule: boolean | null; notes: string }
  /** `box` is the -R label; null for a SKU shipped loose (no box quantity), which goes back unboxed. */
  | { type: 'repack'; box: string | null };
export type ChainEventType = ChainEvent['type'];

/** What each event takes, said after a refusal for the wrong place. */
export const CHAIN_EVENT_TAKES: Readonly<Record<ChainEventType, string>> = {
  register: 'a used device comes back through returns',
  pack: 'packing takes devices registered at the factory',
  receive: 'receiving takes devices packed at the factory',
  allocate: 'only devices in stock go on an order',
  release: 'only a device on this order can come off it',
  qc: 'quality control checks the devices of this order',
  ship: 'only the devices of this order ship with it',
  markForReturn: 'only a device at a customer is marked for return',
  returnReceived: 'returns take devices sent back by customers',
  inspect: 'only a returned device is inspected',
  repack: 'repackaging takes returned devices inspected reusable',
};

export type ChainRefusal =
  | 'noDevice'
  | 'wrongPlace'
  | 'stillInUse'
  | 'kindMismatch'
  | 'firmware'
  | 'noSku'
  | 'badBox'
  | 'skuMismatch'
  | 'inOtherBox'
  | 'notPacked'
  | 'onOtherOrder'
  | 'notesRequired'
  | 'notReusable'
  | 'notInspected'
  | 'scrapped';

export type ChainResult =
  | { outcome: 'changed'; device: ChainDevice; place: ChainPlace; text: string }
  | { outcome: 'already'; place: ChainPlace; text: string }
  | { outcome: 'refused'; refusal: ChainRefusal; reason: string };

export type ChainChange = Extract<ChainResult, { outcome: 'changed' }>;
export type ChainUnchanged = Exclude<ChainResult, { outcome: 'changed' }>;

/** SPEC §9 firmware keys: why `key` may not flash a device of `sku`, or null. */
export function firmwareRefusal(sku: SkuCode, key: string | null): string | null {
  const outdoor: readonly string[] = FIRMWARE_KEYS.outdoor;
  const indoor: readonly string[] = FIRMWARE_KEYS.indoor;
  if (DEVICE_KIND_BY_SKU[sku] === 'tag') return key ? `${sku} takes no firmware key` : null;
  if (outdoor.includes(sku)) return key === sku ? null : `${sku} is flashed with firmware ${sku}`;
  if (key && indoor.includes(key)) return null;
  return `${sku} is flashed with indoor firmware: ${indoor.join(', ')}`;
}
