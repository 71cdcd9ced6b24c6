import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Order, RawRule } from '@vigil/domain';
import { json, stubFetch } from '../../test/fetch-stub';
import { renderSignedIn } from '../../test/signed-in';
import {
  ACME_ORG,
  DEMO_ORG,
  OPEN_ORDER,
  PICKING_ORDER,
  SHIPPED_ORDER,
  STORES,
  STORES_ADDRESS,
  STORES_CONTACT,
} from './order-fixtures';
import { OrdersScreen } from './orders-screen';

// Issue 22, SPEC §2.1 /operations/orders: the orders list with state badges and filters, a new
// order of SPEC §9's orderable SKUs to a recipient of the address book, cancel with confirmation.

const WAREHOUSE: RawRule[] = [{ action: ['list', 'read', 'update'], subject: 'Order' }];
const TEMPO: RawRule[] = [{ action: ['list', 'read'], subject: 'Order' }];

type Write = { method: string; path: string; body: unknown };

function serve(
  rows: Order[],
  opts: { customers?: { id: string; name: string }[]; list?: () => Response } = {},
) {
  const writes: Write[] = [];
  const lists: URLSearchParams[] = [];
  stubFetch((url, init) => {
    const method = init.method ?? 'GET';
    if (method !== 'GET') {
      writes.push({
        method,
        path: url.pathname,
        body: init.body ? JSON.parse(String(init.body)) : undefined,
      });
      return { ...OPEN_ORDER, state: url.pathname.endsWith('/cancel') ? 'cancelled' : 'open' };
    }
    switch (url.pathname) {
      case '/api/orders':
        lists.push(url.searchParams);
        return opts.list?.() ?? { data: rows, total: rows.length };
      case '/api/orders/customers':
        return { data: opts.customers ?? [{ id: DEMO_ORG, name: 'Demo Hospital' }] };
      case '/api/orders/recipients':
        return { data: [STORES], total: 1 };
      case '/api/orders/addresses':
        return { data: [STORES_ADDRESS], total: 1 };
      case '/api/orders/contacts':
        return { data: [STORES_CONTACT], total: 1 };
      default:
        return json({ reason: 'Not found' }, 404);
    }
  });
  return { writes, lists };
}

const rowOf = async (reference: string) => (await screen.findByText(reference)).closest('tr')!;

describe('the orders screen (issue 22, SPEC §2.1 /operations/orders)', () => {
  it('lists orders with their state, customer, lines and recipient; only an open order is editable', async () => {
    serve([OPEN_ORDER, PICKING_ORDER, SHIPPED_ORDER]);
    renderSignedIn(<OrdersScreen />, { rules: WAREHOUSE, path: '/operations/orders' });
    const open = await rowOf('ORD-12');
    expect(within(open).getByText('Open')).toBeInTheDocument();
    expect(within(open).getByText('Demo Hospital')).toBeInTheDocument();
    expect(within(open).getByText('20 × TAG5, 5 × GW2')).toBeInTheDocument();
    expect(within(open).getByText('Central Stores')).toBeInTheDocument();
    expect(within(open).getByText('1 Hospital Way, Springfield, IL 62701, US')).toBeInTheDocument();
    expect(within(open).getByRole('button', { name: 'Edit ORD-12' })).toBeInTheDocument();
    expect(within(open).getByRole('button', { name: 'Cancel ORD-12' })).toBeInTheDocument();

    const picking = await rowOf('ORD-10');
    expect(within(picking).getByText('Picking')).toBeInTheDocument();
    expect(within(picking).queryByRole('button', { name: 'Edit ORD-10' })).not.toBeInTheDocument();
    expect(within(picking).getByRole('button', { name: 'Cancel ORD-10' })).toBeInTheDocument();

    const shipped = await rowOf('ORD-11');
    expect(within(shipped).getByText('Shipped')).toBeInTheDocument();
    expect(within(shipped).getByText('1,200 × NODE1')).toBeInTheDocument();
    expect(within(shipped).queryByRole('button', { name: /ORD-11/ })).not.toBeInTheDocument();
  });

  it('filters by state and customer, kept in the URL', async () => {
    const { lists } = serve([OPEN_ORDER], {
      customers: [
        { id: ACME_ORG, name: 'Acme Clinic' },
        { id: DEMO_ORG, name: 'Demo Hospital' },
      ],
    });
    renderSignedIn(<OrdersScreen />, { rules: WAREHOUSE, path: '/operations/orders?state=open' });
    await rowOf('ORD-12');
    expect(screen.getByRole('combobox', { name: 'State' })).toHaveValue('open');
    expect(lists.at(-1)?.get('state')).toBe('open');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Customer' }), 'Acme Clinic');
    await waitFor(() => expect(lists.at(-1)?.get('customer')).toBe(ACME_ORG));
    expect(lists.at(-1)?.get('state')).toBe('open');
  });

  it('creates an order of 20 TAG5 for the customer to a recipient’s address and contact', async () => {
    const { writes } = serve([]);
    renderSignedIn(<OrdersScreen />, { rules: WAREHOUSE });
    expect(await screen.findByText('No orders match')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'New order' }));
    const dialog = await screen.findByRole('dialog', { name: 'New order' });
    // The only organisation the caller may order for is chosen.
    await waitFor(() =>
      expect(within(dialog).getByRole('combobox', { name: /Customer organisation/ })).toHaveValue(DEMO_ORG),
    );
    expect(within(dialog).getByRole('combobox', { name: 'SKU, line 1' })).toHaveValue('TAG5');
    const quantity = within(dialog).getByRole('textbox', { name: 'Quantity, line 1' });
    await userEvent.clear(quantity);
    await userEvent.type(quantity, '20');
    expect(within(dialog).getByRole('combobox', { name: 'Address' })).toBeDisabled();
    await userEvent.selectOptions(
      within(dialog).getByRole('combobox', { name: /Recipient/ }),
      'Central Stores',
    );
    const address = within(dialog).getByRole('combobox', { name: 'Address' });
    await waitFor(() => expect(address).toBeEnabled());
    await userEvent.selectOptions(address, '1 Hospital Way, Springfield, IL 62701, US');
    await userEvent.selectOptions(
      within(dialog).getByRole('combobox', { name: 'Contact' }),
      'Dock desk: +12015550123 (SMS)',
    );
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Notes' }), 'Ward 3 restock');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create order' }));
    await waitFor(() =>
      expect(writes).toEqual([
        {
          method: 'POST',
          path: '/api/orders',
          body: {
            customerOrgId: DEMO_ORG,
            lines: [{ sku: 'TAG5', quantity: 20 }],
            notes: 'Ward 3 restock',
            recipientId: STORES.id,
            addressId: STORES_ADDRESS.id,
            contactId: STORES_CONTACT.id,
          },
        },
      ]),
    );
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
  });

  it('edits lines: each SKU once, quantities 1 to 10,000', async () => {
    const { writes } = serve([OPEN_ORDER]);
    renderSignedIn(<OrdersScreen />, { rules: WAREHOUSE });
    await userEvent.click(await screen.findByRole('button', { name: 'Edit ORD-12' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit ORD-12' });
    expect(within(dialog).getByRole('textbox', { name: 'Customer organisation' })).toHaveValue(
      'Demo Hospital',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add line' }));
    const sku = within(dialog).getByRole('combobox', { name: 'SKU, line 3' });
    expect(sku).toHaveValue('GWL1');
    expect(within(sku).queryByRole('option', { name: 'TAG5' })).not.toBeInTheDocument();
    const quantity = within(dialog).getByRole('textbox', { name: 'Quantity, line 3' });
    await userEvent.clear(quantity);
    await userEvent.type(quantity, '10001');
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Quantity is at most 10,000');
    const save = within(dialog).getByRole('button', { name: 'Save' });
    expect(save).toBeDisabled();
    await userEvent.clear(quantity);
    await userEvent.type(quantity, '6');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove line 2' }));
    await userEvent.click(save);
    await waitFor(() =>
      expect(writes).toEqual([
        {
          method: 'PUT',
          path: `/api/orders/${OPEN_ORDER.id}`,
          body: {
            lines: [
              { sku: 'TAG5', quantity: 20 },
              { sku: 'GWL1', quantity: 6 },
            ],
            notes: 'Ward 3 restock',
            recipientId: STORES.id,
            addressId: STORES_ADDRESS.id,
            contactId: STORES_CONTACT.id,
          },
        },
      ]),
    );
  });

  it('cancels an order after confirmation', async () => {
    const { writes } = serve([PICKING_ORDER]);
    renderSignedIn(<OrdersScreen />, { rules: WAREHOUSE });
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel ORD-10' }));
    const confirm = await screen.findByRole('dialog', { name: 'Cancel order' });
    expect(
      within(confirm).getByText('Cancel ORD-10 for Demo Hospital? It cannot be reopened.'),
    ).toBeInTheDocument();
    await userEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(writes).toEqual([]);
    await userEvent.click(screen.getByRole('button', { name: 'Cancel ORD-10' }));
    await userEvent.click(
      within(await screen.findByRole('dialog', { name: 'Cancel order' })).getByRole('button', {
        name: 'Cancel order',
      }),
    );
    await waitFor(() =>
      expect(writes).toEqual([
        { method: 'POST', path: `/api/orders/${PICKING_ORDER.id}/cancel`, body: undefined },
      ]),
    );
  });

  it('offers no new order, edit or cancel to a role that may only read orders (SPEC §6)', async () => {
    serve([OPEN_ORDER]);
    renderSignedIn(<OrdersScreen />, { rules: TEMPO });
    await rowOf('ORD-12');
    expect(screen.queryByRole('button', { name: 'New order' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Edit ORD-12' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancel ORD-12' })).not.toBeInTheDocument();
  });

  it('shows why the orders could not be loaded', async () => {
    serve([], { list: () => json({ reason: 'Not allowed to list Order' }, 403) });
    renderSignedIn(<OrdersScreen />, { rules: WAREHOUSE });
    expect(
      await screen.findByText('Sorry, there was a problem: Not allowed to list Order'),
    ).toBeInTheDocument();
  });
});
