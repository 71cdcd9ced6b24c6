import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { OrderRecipient, RawRule } from '@vigil/domain';
import { json, stubFetch } from '../../test/fetch-stub';
import { renderSignedIn } from '../../test/signed-in';
import { DEMO_ORG, STORES, STORES_ADDRESS, STORES_CONTACT } from './order-fixtures';
import { RecipientsScreen } from './recipients-screen';

// Issue 22 Orders Address Book (SPEC §2.1 /operations/orders/recipients): recipients, and a
// recipient's addresses and contacts (SPEC §3 kinds; SPEC §5 'Invalid phone number'); SPEC §8
// 'Failed to fetch order recipient data'.

const WAREHOUSE: RawRule[] = [{ action: ['list', 'read', 'update'], subject: 'Order' }];
const TEMPO: RawRule[] = [{ action: ['list', 'read'], subject: 'Order' }];

type Write = { method: string; path: string; body: unknown };

function serve(rows: OrderRecipient[], opts: { recipients?: () => Response; remove?: () => Response } = {}) {
  const writes: Write[] = [];
  stubFetch((url, init) => {
    const method = init.method ?? 'GET';
    if (method !== 'GET') {
      writes.push({
        method,
        path: url.pathname,
        body: init.body ? JSON.parse(String(init.body)) : undefined,
      });
      if (method === 'DELETE') return opts.remove?.() ?? new Response(null, { status: 204 });
      return { ...STORES, ...(JSON.parse(String(init.body)) as object) };
    }
    switch (url.pathname) {
      case '/api/orders/recipients':
        return opts.recipients?.() ?? { data: rows, total: rows.length };
      case '/api/orders/customers':
        return { data: [{ id: DEMO_ORG, name: 'Demo Hospital' }] };
      case '/api/orders/addresses':
        return { data: [STORES_ADDRESS], total: 1 };
      case '/api/orders/contacts':
        return { data: [STORES_CONTACT], total: 1 };
      default:
        return json({ reason: 'Not found' }, 404);
    }
  });
  return writes;
}

describe('the Orders Address Book (issue 22, SPEC §2.1 /operations/orders/recipients)', () => {
  it('lists recipients with their customer and how many addresses and contacts each has', async () => {
    serve([STORES]);
    renderSignedIn(<RecipientsScreen />, { rules: WAREHOUSE });
    const row = (await screen.findByText('Central Stores')).closest('tr')!;
    expect(within(row).getByText('Demo Hospital')).toBeInTheDocument();
    expect(within(row).getByText('Dock 2')).toBeInTheDocument();
    expect(within(row).getAllByText('1')).toHaveLength(2);
  });

  it('says exactly SPEC §8’s text when the recipients cannot be read', async () => {
    serve([], { recipients: () => json({ reason: 'Internal error' }, 500) });
    renderSignedIn(<RecipientsScreen />, { rules: WAREHOUSE });
    expect(await screen.findByText('Failed to fetch order recipient data')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });

  it('shows an empty book', async () => {
    serve([]);
    renderSignedIn(<RecipientsScreen />, { rules: WAREHOUSE });
    expect(await screen.findByText('No recipients yet')).toBeInTheDocument();
  });

  it('adds a recipient for a customer organisation', async () => {
    const writes = serve([]);
    renderSignedIn(<RecipientsScreen />, { rules: WAREHOUSE });
    await userEvent.click(await screen.findByRole('button', { name: 'Add recipient' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add recipient' });
    const add = within(dialog).getByRole('button', { name: 'Add recipient' });
    expect(add).toBeDisabled();
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Central Stores');
    const customer = within(dialog).getByRole('combobox', { name: /Customer organisation/ });
    await waitFor(() =>
      expect(within(customer).getByRole('option', { name: 'Demo Hospital' })).toBeInTheDocument(),
    );
    await userEvent.selectOptions(customer, 'Demo Hospital');
    await userEvent.click(add);
    await waitFor(() =>
      expect(writes).toEqual([
        {
          method: 'POST',
          path: '/api/orders/recipients',
          body: { name: 'Central Stores', notes: '', customerOrgId: DEMO_ORG },
        },
      ]),
    );
  });

  it('opens a recipient’s addresses and contacts, and adds a contact only with a valid phone number', async () => {
    const writes = serve([STORES]);
    renderSignedIn(<RecipientsScreen />, { rules: WAREHOUSE });
    await userEvent.click(
      await screen.findByRole('button', { name: 'Addresses and contacts of Central Stores' }),
    );
    const drawer = await screen.findByRole('dialog', { name: 'Central Stores' });
    expect(await within(drawer).findByText('1 Hospital Way, Springfield, IL 62701, US')).toBeInTheDocument();
    expect(await within(drawer).findByText('+12015550123')).toBeInTheDocument();
    expect(within(drawer).getByText('Dock desk')).toBeInTheDocument();

    await userEvent.click(within(drawer).getByRole('button', { name: 'Add contact' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add contact' });
    expect(within(dialog).getByRole('combobox', { name: 'Kind' })).toHaveValue('sms');
    const value = within(dialog).getByRole('textbox', { name: /Value/ });
    await userEvent.type(value, '555-0123');
    await userEvent.tab();
    expect(within(dialog).getByText('Invalid phone number')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Add contact' })).toBeDisabled();
    await userEvent.clear(value);
    await userEvent.type(value, '(201) 555-0199');
    await userEvent.type(within(dialog).getByRole('textbox', { name: /^Name/ }), 'Night desk');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add contact' }));
    await waitFor(() =>
      expect(writes).toEqual([
        {
          method: 'POST',
          path: '/api/orders/contacts',
          body: { recipientId: STORES.id, kind: 'sms', value: '(201) 555-0199', name: 'Night desk' },
        },
      ]),
    );
  });

  it('adds an address to a recipient', async () => {
    const writes = serve([STORES]);
    renderSignedIn(<RecipientsScreen />, { rules: WAREHOUSE });
    await userEvent.click(await screen.findByText('Central Stores'));
    const drawer = await screen.findByRole('dialog', { name: 'Central Stores' });
    await userEvent.click(within(drawer).getByRole('button', { name: 'Add address' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add address' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Address line 1/ }), '9 Dock Road');
    await userEvent.type(within(dialog).getByRole('textbox', { name: /City/ }), 'Springfield');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add address' }));
    await waitFor(() =>
      expect(writes).toEqual([
        {
          method: 'POST',
          path: '/api/orders/addresses',
          body: {
            recipientId: STORES.id,
            line1: '9 Dock Road',
            line2: '',
            city: 'Springfield',
            region: '',
            postalCode: '',
            country: 'US',
          },
        },
      ]),
    );
  });

  it('deletes a recipient after confirmation, and tells why the server refused', async () => {
    const writes = serve([STORES], {
      remove: () =>
        json({ reason: 'This recipient is on order ORD-12, which is not shipped yet', code: 'in_use' }, 409),
    });
    renderSignedIn(<RecipientsScreen />, { rules: WAREHOUSE });
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Central Stores' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete recipient' });
    expect(
      within(confirm).getByText('Delete Central Stores with its addresses and contacts?'),
    ).toBeInTheDocument();
    await userEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(
      await screen.findByText(
        'Sorry, could not delete: This recipient is on order ORD-12, which is not shipped yet.',
      ),
    ).toBeInTheDocument();
    expect(writes).toEqual([
      { method: 'DELETE', path: `/api/orders/recipients/${STORES.id}`, body: undefined },
    ]);
  });

  it('lets a role that may only read orders see the book, changing nothing (SPEC §6)', async () => {
    serve([STORES]);
    renderSignedIn(<RecipientsScreen />, { rules: TEMPO });
    await userEvent.click(
      await screen.findByRole('button', { name: 'Addresses and contacts of Central Stores' }),
    );
    const drawer = await screen.findByRole('dialog', { name: 'Central Stores' });
    expect(await within(drawer).findByText('+12015550123')).toBeInTheDocument();
    expect(within(drawer).queryByRole('button', { name: 'Add contact' })).not.toBeInTheDocument();
    expect(within(drawer).queryByRole('button', { name: /^Delete/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add recipient' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete Central Stores' })).not.toBeInTheDocument();
  });
});
