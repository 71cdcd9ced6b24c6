import type { Order, OrderAddress, OrderContact, OrderRecipient } from '@vigil/domain';

// Issue 22: rows the orders screens' tests serve.

const at = '2026-03-01T10:00:00.000Z';
export const DEMO_ORG = '11111111-1111-4111-8111-111111111111';
export const ACME_ORG = '22222222-2222-4222-8222-222222222222';

export const STORES: OrderRecipient = {
  id: 'aaaaaaaa-0000-4000-8000-000000000001',
  name: 'Central Stores',
  notes: 'Dock 2',
  customer: { id: DEMO_ORG, name: 'Demo Hospital' },
  addresses: 1,
  contacts: 1,
  createdAt: at,
  updatedAt: at,
};

export const STORES_ADDRESS: OrderAddress = {
  id: 'bbbbbbbb-0000-4000-8000-000000000001',
  recipientId: STORES.id,
  line1: '1 Hospital Way',
  line2: '',
  city: 'Springfield',
  region: 'IL',
  postalCode: '62701',
  country: 'US',
  createdAt: at,
  updatedAt: at,
};

export const STORES_CONTACT: OrderContact = {
  id: 'cccccccc-0000-4000-8000-000000000001',
  recipientId: STORES.id,
  kind: 'sms',
  value: '+12015550123',
  name: 'Dock desk',
  createdAt: at,
  updatedAt: at,
};

export const OPEN_ORDER: Order = {
  id: 'dddddddd-0000-4000-8000-000000000001',
  number: 12,
  reference: 'ORD-12',
  state: 'open',
  customer: { id: DEMO_ORG, name: 'Demo Hospital' },
  recipient: { id: STORES.id, name: STORES.name },
  address: STORES_ADDRESS,
  contact: STORES_CONTACT,
  lines: [
    { sku: 'TAG5', quantity: 20 },
    { sku: 'GW2', quantity: 5 },
  ],
  notes: 'Ward 3 restock',
  createdBy: { id: 'u1', name: 'Wendy Warehouse' },
  shippedAt: null,
  createdAt: at,
  updatedAt: at,
};

export const SHIPPED_ORDER: Order = {
  ...OPEN_ORDER,
  id: 'dddddddd-0000-4000-8000-000000000002',
  number: 11,
  reference: 'ORD-11',
  state: 'shipped',
  recipient: null,
  address: null,
  contact: null,
  lines: [{ sku: 'NODE1', quantity: 1200 }],
  notes: '',
  shippedAt: at,
};

export const PICKING_ORDER: Order = {
  ...SHIPPED_ORDER,
  id: 'dddddddd-0000-4000-8000-000000000003',
  number: 10,
  reference: 'ORD-10',
  state: 'picking',
  shippedAt: null,
};
