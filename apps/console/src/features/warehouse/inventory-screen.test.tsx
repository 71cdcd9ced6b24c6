import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { InventoryAnswer, InventoryDevicesAnswer, InventoryMinimums, RawRule } from '@vigil/domain';
import { json, stubFetch } from '../../test/fetch-stub';
import { renderSignedIn } from '../../test/signed-in';
import { InventoryScreen } from './inventory-screen';
import { WAREHOUSE_RULES } from './warehouse-test-kit';

// Issue 22, SPEC §2.1 /warehouse/inventory (docs/WAREHOUSE.md "Inventory"): the warnings, a count's
// devices and the minimums per SKU, over a stubbed server.

/** Reads the inventory but may not update it. */
const READER_RULES: RawRule[] = [{ action: ['list', 'read'], subject: 'Inventory' }];

const INVENTORY: InventoryAnswer = {
  data: [
    { sku: 'TAG5', state: 'available', location: 'smpwarehouse', place: 'in_stock', count: 30 },
    { sku: 'TAG5', state: 'available', location: 'smpwarehouse', place: 'allocated', count: 20 },
    { sku: 'GW2', state: 'deployed', location: 'factory', place: null, count: 1 },
  ],
  warnings: [{ sku: 'TAG5', inStock: 30, minimum: 100, text: 'TAG5: 30 in stock, below the minimum of 100' }],
};
const DEVICES: InventoryDevicesAnswer = {
  data: [
    {
      id: 'aabbccddee01',
      kind: 'tag',
      sku: 'TAG5',
      state: 'available',
      location: 'smpwarehouse',
      place: 'allocated',
      box: 'TAG5-20240115-7',
      order: 12,
    },
  ],
  total: 20,
};

type Put = { body: unknown };

/** The inventory's three calls; `devices` and `minimumsPut` answer in a test's own way. */
function serveInventory(
  opts: {
    minimums?: InventoryMinimums;
    devices?: (url: URL) => Response | InventoryDevicesAnswer;
    minimumsPut?: (body: InventoryMinimums) => Response | InventoryMinimums;
  } = {},
) {
  const puts: Put[] = [];
  const deviceUrls: URL[] = [];
  const fetch = stubFetch((url, init) => {
    switch (url.pathname) {
      case '/api/warehouse/inventory':
        return INVENTORY;
      case '/api/warehouse/inventory/devices':
        deviceUrls.push(url);
        return (opts.devices ?? (() => DEVICES))(url);
      case '/api/warehouse/inventory/minimums': {
        if (init.method !== 'PUT') return opts.minimums ?? { TAG5: 100 };
        const body = JSON.parse(String(init.body)) as InventoryMinimums;
        puts.push({ body });
        return (opts.minimumsPut ?? ((b) => b))(body);
      }
      default:
        return json({ reason: 'Not found' }, 404);
    }
  });
  return { fetch, puts, deviceUrls };
}

const render = (rules = WAREHOUSE_RULES) => renderSignedIn(<InventoryScreen />, { rules, role: 'warehouse' });

describe('/warehouse/inventory (issue 22)', () => {
  it('announces the SKUs below their minimum above the counts', async () => {
    serveInventory();
    render();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('A SKU is below its minimum');
    expect(alert).toHaveTextContent('TAG5: 30 in stock, below the minimum of 100');
    const table = screen.getByRole('table', { name: 'Inventory counts' });
    // The warning comes first in the page's order.
    expect(alert.compareDocumentPosition(table) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('opens a count’s devices by keyboard in a drawer named after the count', async () => {
    const server = serveInventory();
    render();
    const button = await screen.findByRole('button', {
      name: '20 devices: TAG5 · available · smpwarehouse · allocated',
    });
    button.focus();
    await userEvent.keyboard('{Enter}');
    const drawer = await screen.findByRole('dialog', {
      name: 'Devices: TAG5 · available · smpwarehouse · allocated',
    });
    const table = await within(drawer).findByRole('table', {
      name: 'Devices of TAG5 · available · smpwarehouse · allocated',
    });
    expect(within(table).getByRole('row', { name: /aabbccddee01/ })).toHaveTextContent(
      'aabbccddee01tagTAG5-20240115-7ORD-12',
    );
    expect(within(drawer).getByRole('status')).toHaveTextContent('The first 1 of 20 devices');
    expect(Object.fromEntries(server.deviceUrls[0]!.searchParams)).toEqual({
      sku: 'TAG5',
      state: 'available',
      location: 'smpwarehouse',
      place: 'allocated',
    });
  });

  it('asks for a count of no place without one, and says when it has no devices any more', async () => {
    const server = serveInventory({ devices: () => ({ data: [], total: 0 }) });
    render();
    await userEvent.click(
      await screen.findByRole('button', { name: '1 device: GW2 · deployed · factory · no place' }),
    );
    const drawer = await screen.findByRole('dialog', {
      name: 'Devices: GW2 · deployed · factory · no place',
    });
    expect(await within(drawer).findByText('No devices in this count any more.')).toBeVisible();
    expect(Object.fromEntries(server.deviceUrls[0]!.searchParams)).toEqual({
      sku: 'GW2',
      state: 'deployed',
      location: 'factory',
    });
  });

  it('shows the server’s reason when a count’s devices cannot be read', async () => {
    serveInventory({ devices: () => json({ reason: 'Not allowed to read Inventory' }, 403) });
    render();
    await userEvent.click(
      await screen.findByRole('button', { name: '30 devices: TAG5 · available · smpwarehouse · in_stock' }),
    );
    const drawer = await screen.findByRole('dialog');
    // The drawer opens with a transition: the alert is visible once it has run.
    const alert = await within(drawer).findByRole('alert');
    await waitFor(() => expect(alert).toBeVisible());
    expect(alert).toHaveTextContent('Could not load the devices');
    expect(alert).toHaveTextContent('Not allowed to read Inventory');
  });

  it('saves the minimums of the SKUs in stock or with one, and of a SKU added', async () => {
    const server = serveInventory({ minimums: { TAG5: 100, WEAR1: 5 } });
    render();
    const form = await screen.findByRole('form', { name: 'Minimums per SKU' });
    const tag5 = await within(form).findByRole('textbox', { name: 'TAG5 minimum' });
    expect(tag5).toHaveValue('100');
    expect(within(form).getByRole('textbox', { name: 'WEAR1 minimum' })).toHaveValue('5');
    // GW2 has no stock (its one count has no place) and no minimum.
    expect(within(form).queryByRole('textbox', { name: 'GW2 minimum' })).toBeNull();
    await userEvent.clear(tag5);
    await userEvent.type(tag5, '40');
    await userEvent.clear(within(form).getByRole('textbox', { name: 'WEAR1 minimum' }));
    await userEvent.selectOptions(within(form).getByRole('combobox', { name: 'Add a SKU' }), 'GW2');
    await userEvent.type(within(form).getByRole('textbox', { name: 'GW2 minimum' }), '3');
    await userEvent.click(within(form).getByRole('button', { name: 'Save minimums' }));
    expect(await screen.findByText('Minimums saved')).toBeVisible();
    expect(server.puts).toEqual([{ body: { GW2: 3, TAG5: 40 } }]);
  });

  it('says why the minimums were not saved', async () => {
    serveInventory({ minimumsPut: () => json({ reason: 'A minimum is a whole number' }, 400) });
    render();
    await userEvent.click(await screen.findByRole('button', { name: 'Save minimums' }));
    expect(await screen.findByText('Could not save the minimums: A minimum is a whole number')).toBeVisible();
  });

  it('shows the minimums only to those who may update Inventory', async () => {
    const server = serveInventory();
    render(READER_RULES);
    expect(await screen.findByRole('table', { name: 'Inventory counts' })).toBeVisible();
    expect(screen.queryByRole('heading', { name: 'Minimums' })).toBeNull();
    await waitFor(() => expect(server.fetch).toHaveBeenCalled());
    const paths = server.fetch.mock.calls.map(
      ([input]) => new URL(String(input), 'http://localhost').pathname,
    );
    expect(paths).not.toContain('/api/warehouse/inventory/minimums');
  });
});
