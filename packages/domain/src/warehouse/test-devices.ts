import { CHAIN_CONFIG_STATES, type ChainDevice, type ChainPlace, type DeviceKind } from './chain';

// Test-only: devices standing at each place of the chain, for the warehouse table tests.

export const CUSTOMER = '00000000-0000-4000-8000-00000000c0de';
export const FACTORY_BOX = 'TAG5-20240115-1';
export const GW_BOX = 'GW2-20240115-1';

/** A device of `kind` (TAG5 or GW2 unless `sku` says otherwise) standing at `place`. */
export function deviceAt(
  place: ChainPlace,
  overrides: Partial<ChainDevice> = {},
  kind: DeviceKind = 'tag',
): ChainDevice {
  const states = CHAIN_CONFIG_STATES[kind];
  const sku = kind === 'tag' ? 'TAG5' : 'GW2';
  const box = kind === 'tag' ? FACTORY_BOX : GW_BOX;
  const base: ChainDevice = {
    id: kind === 'tag' ? 'aabbccddee01' : 'aabbccddee02',
    kind,
    sku,
    state: states.made,
    org: 'factory',
    customerOrgId: null,
    box: null,
    order: null,
    qc: null,
    inspection: null,
    invoiceZone: null,
    firmwareKey: kind === 'gateway' ? 'GW2' : null,
  };
  const inStock = { ...base, org: 'smpwarehouse' as const, state: states.stock, box };
  const atCustomer = {
    ...inStock,
    org: 'customer' as const,
    customerOrgId: CUSTOMER,
    state: states.shipped,
    order: 12,
    invoiceZone: kind === 'tag' ? CUSTOMER : null,
  };
  const returned = { ...base, org: 'smpwarehouse' as const, state: 'returned' };
  const at: Record<ChainPlace, ChainDevice> = {
    registered: base,
    packed: { ...base, box },
    in_stock: inStock,
    allocated: { ...inStock, order: 12 },
    at_customer: atCustomer,
    to_return: { ...atCustomer, state: states.forReturn },
    lost: { ...atCustomer, state: 'lost' },
    returned,
    reusable: { ...returned, inspection: { verdict: 'reusable', notes: '' } },
    scrapped: { ...returned, inspection: { verdict: 'scrapped', notes: 'cracked case' } },
  };
  return { ...at[place], ...overrides };
}

/** `count` devices at `place` with ids …0001, …0002 (prefix `aa` tags, `bb` gateways) and `overrides`. */
export function devicesAt(
  count: number,
  place: ChainPlace,
  overrides: Partial<ChainDevice> = {},
  kind: DeviceKind = 'tag',
  from = 1,
): ChainDevice[] {
  const prefix = kind === 'tag' ? 'aa' : 'bb';
  return Array.from({ length: count }, (_, i) =>
    deviceAt(place, { id: `${prefix}${(from + i).toString(16).padStart(10, '0')}`, ...overrides }, kind),
  );
}
