import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Order, RawRule, ScanOrderProgress } from '@vigil/domain';
import { renderSignedIn } from '../../test/signed-in';
import { InventoryScreen } from './inventory-screen';
import { QcScreen, ShipScreen } from './order-step-screens';
import { ReturnsScreen } from './returns-screen';
import { WarehouseHomeScreen } from './warehouse-home-screen';
import { WarehouseOrdersScreen } from './warehouse-orders-screen';
import { WAREHOUSE_RULES, answerOf, serveWarehouse } from './warehouse-test-kit';

// Issue 22, SPEC §2.1 /warehouse/…: the warehouse kiosk's screens over the scan step.

/** warehouseTempo (SPEC §6): every step, but neither ships nor scraps. */
const TEMPO_RULES: RawRule[] = [
  { action: ['list', 'read', 'update'], subject: 'Inventory' },
  { action: ['list', 'read'], subject: 'Order' },
];

const ORDER: Order = {
  id: '00000000-0000-4000-8000-000000000012',
  number: 12,
  reference: 'ORD-12',
  state: 'picking',
  customer: { id: 'c1', name: 'Mercy Hospital' },
  recipient: null,
  address: null,
  contact: null,
  lines: [{ sku: 'TAG5', quantity: 40 }],
  notes: '',
  createdBy: null,
  shippedAt: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};
const SHIPPED: Order = {
  ...ORDER,
  id: '00000000-0000-4000-8000-000000000011',
  number: 11,
  reference: 'ORD-11',
  state: 'shipped',
};
const PROGRESS: ScanOrderProgress = {
  number: 12,
  reference: 'ORD-12',
  state: 'picking',
  complete: false,
  qcDone: false,
  lines: [
    {
      sku: 'TAG5',
      quantity: 40,
      scanned: 20,
      remaining: 20,
      boxes: 2,
      boxesScanned: 1,
      cartons: null,
      qcSample: 2,
      qcPassed: 0,
    },
  ],
};
const orders = (url: URL) =>
  url.pathname === '/api/orders' ? { data: [ORDER, SHIPPED], total: 2 } : undefined;
const render = (ui: React.ReactNode, path = '/', route = '*', rules = WAREHOUSE_RULES) =>
  renderSignedIn(ui, { rules, role: 'warehouse', path, route });

describe('the warehouse kiosk screens (issue 22)', () => {
  it('home offers a big button to each step the role may do', async () => {
    render(<WarehouseHomeScreen />);
    for (const name of [
      'Receive',
      'Ship',
      'Quality Control',
      'Returns',
      'Repackaging',
      'Orders',
      'Inventory',
    ])
      expect(screen.getByRole('link', { name })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Ship' })).toHaveAttribute('href', '/warehouse/logistics/ship');
  });

  it('orders lists the orders still to work on, with ways to ship and check them', async () => {
    serveWarehouse({ extra: orders });
    render(<WarehouseOrdersScreen />);
    const card = await screen.findByRole('listitem', { name: 'ORD-12' });
    expect(card).toHaveTextContent('ORD-12 · Mercy Hospital');
    expect(card).toHaveTextContent('40 × TAG5');
    expect(within(card).getByRole('link', { name: 'Ship ORD-12' })).toHaveAttribute(
      'href',
      '/warehouse/logistics/ship/12',
    );
    expect(within(card).getByRole('link', { name: 'Check ORD-12' })).toHaveAttribute(
      'href',
      '/warehouse/logistics/qc/12',
    );
    expect(screen.queryByText(/ORD-11/)).toBeNull();
  });

  it('ship without an order asks to choose one', async () => {
    serveWarehouse({ extra: orders });
    render(<ShipScreen />, '/warehouse/logistics/ship', '/warehouse/logistics/ship/:order?');
    expect(await screen.findByRole('link', { name: 'Choose ORD-12' })).toHaveAttribute(
      'href',
      '/warehouse/logistics/ship/12',
    );
  });

  it('ship scans for the order of the URL and shows its progress', async () => {
    const server = serveWarehouse({
      onScan: (b) => answerOf(b, 'changed', { order: PROGRESS, next: 'Scan 1 more box of TAG5' }),
    });
    render(<ShipScreen />, '/warehouse/logistics/ship/12', '/warehouse/logistics/ship/:order?');
    expect(
      await screen.findByText('Scan the order’s label, or a box or device for it, to start.'),
    ).toBeVisible();
    await userEvent.type(
      screen.getByRole('textbox', { name: 'Scan or type a label or device id' }),
      'TAG5-20240115-7{Enter}',
    );
    const progress = await screen.findByRole('region', { name: 'Order ORD-12' });
    expect(progress).toHaveTextContent('20 of 40');
    expect(progress).toHaveTextContent('1 of 2');
    expect(server.scans[0]).toMatchObject({ step: 'ship', order: 12, remove: false });
  });

  it('quality control asks for notes before a fail and sends the decision', async () => {
    const server = serveWarehouse();
    render(<QcScreen />, '/warehouse/logistics/qc/12', '/warehouse/logistics/qc/:order?');
    await userEvent.click(await screen.findByText('Fail'));
    expect(screen.getByText('Say what is wrong before scanning a failed device.')).toBeVisible();
    await userEvent.type(
      screen.getByRole('textbox', { name: 'What is wrong (required for a fail)' }),
      'Cracked case',
    );
    await userEvent.type(
      screen.getByRole('textbox', { name: 'Scan or type a label or device id' }),
      'aabbccddee01{Enter}',
    );
    await screen.findByText('changed: aabbccddee01');
    expect(server.scans[0]).toMatchObject({
      step: 'qc',
      order: 12,
      decision: { result: 'fail', notes: 'Cracked case' },
    });
  });

  it('returns offer Scrapped only to those who may scrap (SPEC §6)', async () => {
    serveWarehouse();
    const { unmount } = render(<ReturnsScreen />);
    expect(await screen.findByText('Scrapped')).toBeVisible();
    unmount();
    render(<ReturnsScreen />, '/', '*', TEMPO_RULES);
    expect(await screen.findByText('Reusable')).toBeVisible();
    expect(screen.queryByText('Scrapped')).toBeNull();
  });

  it('inventory shows the counts', async () => {
    serveWarehouse({
      extra: (url) =>
        url.pathname === '/api/warehouse/inventory'
          ? {
              data: [
                { sku: 'TAG5', state: 'available', location: 'smpwarehouse', place: 'in_stock', count: 120 },
              ],
              warnings: [],
            }
          : undefined,
    });
    render(<InventoryScreen />);
    const table = await screen.findByRole('table', { name: 'Inventory counts' });
    expect(within(table).getByRole('row', { name: /TAG5/ })).toHaveTextContent(
      'TAG5availablesmpwarehousein_stock120',
    );
  });
});
