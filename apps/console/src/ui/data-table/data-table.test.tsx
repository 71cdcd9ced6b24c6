import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Button } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { ColumnDef } from '@tanstack/react-table';
import { renderWithProviders } from '../../test/render';
import { json, stubFetch } from '../../test/fetch-stub';
import { DataTable, type DataTableProps } from './data-table';

type User = { id: string; name: string; email: string };
const users: User[] = Array.from({ length: 25 }, (_, i) => ({
  id: `u${i + 1}`,
  name: `User ${String(i + 1).padStart(2, '0')}`,
  email: `user${i + 1}@example.com`,
}));
const columns: ColumnDef<User>[] = [
  { id: 'name', accessorKey: 'name', header: 'Name', enableSorting: true },
  { id: 'email', accessorKey: 'email', header: 'E-mail' },
];

/** A list server over `rows` answering the list contract. */
function serveList(rows: User[]) {
  return stubFetch((url) => {
    const limit = Number(url.searchParams.get('limit'));
    const offset = Number(url.searchParams.get('offset'));
    return { data: rows.slice(offset, offset + limit), total: rows.length };
  });
}

const listCalls = (fetch: ReturnType<typeof stubFetch>) =>
  fetch.mock.calls.map(([input]) => new URL(String(input), 'http://localhost'));

function renderTable(props: Partial<DataTableProps<User>> = {}) {
  return renderWithProviders(<DataTable<User> api="users" columns={columns} stateKey="users" {...props} />);
}

afterEach(() => notifications.clean());

describe('DataTable', () => {
  it('shows skeleton rows, then the first page of 10 from the list API', async () => {
    const fetch = serveList(users);
    renderTable({ params: { role: 'admin' } });
    expect(screen.getByRole('status')).toHaveTextContent('Loading…');
    expect(await screen.findByRole('cell', { name: 'User 01' })).toBeInTheDocument();
    expect(screen.getAllByRole('row')).toHaveLength(11);
    expect(screen.getByText('1–10 of 25')).toBeInTheDocument();
    const [url] = listCalls(fetch);
    expect(url.pathname).toBe('/api/users');
    expect(Object.fromEntries(url.searchParams)).toEqual({ role: 'admin', limit: '10', offset: '0' });
  });

  it('pages and changes the page size', async () => {
    const fetch = serveList(users);
    renderTable();
    await screen.findByRole('cell', { name: 'User 01' });
    await userEvent.click(screen.getByRole('button', { name: 'Page 2' }));
    expect(await screen.findByRole('cell', { name: 'User 11' })).toBeInTheDocument();
    expect(listCalls(fetch).at(-1)?.searchParams.get('offset')).toBe('10');

    await userEvent.selectOptions(screen.getByLabelText('Rows per page'), '25');
    expect(await screen.findByRole('cell', { name: 'User 25' })).toBeInTheDocument();
    expect(screen.getByText('1–25 of 25')).toBeInTheDocument();
    expect(Object.fromEntries(listCalls(fetch).at(-1)!.searchParams)).toEqual({ limit: '25', offset: '0' });
  });

  it('offers the page sizes 10, 25, 50, 100 and 200', async () => {
    serveList(users);
    renderTable();
    const select = await screen.findByLabelText('Rows per page');
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['10', '25', '50', '100', '200']);
  });

  it('sorts by a column header, ascending then descending', async () => {
    const fetch = serveList(users);
    renderTable();
    await screen.findByRole('cell', { name: 'User 01' });
    expect(screen.queryByRole('button', { name: 'E-mail' })).not.toBeInTheDocument();
    const header = screen.getByRole('columnheader', { name: 'Name' });
    await userEvent.click(screen.getByRole('button', { name: 'Name' }));
    await waitFor(() => expect(listCalls(fetch).at(-1)?.searchParams.get('orderBy')).toBe('name'));
    expect(header).toHaveAttribute('aria-sort', 'ascending');
    await userEvent.click(screen.getByRole('button', { name: 'Name' }));
    await waitFor(() => expect(listCalls(fetch).at(-1)?.searchParams.get('orderBy')).toBe('-name'));
    expect(header).toHaveAttribute('aria-sort', 'descending');
  });

  it('searches once typing pauses for 200 ms, back on page 1', async () => {
    const fetch = serveList(users);
    renderTable();
    await screen.findByRole('cell', { name: 'User 01' });
    await userEvent.click(screen.getByRole('button', { name: 'Page 3' }));
    await screen.findByRole('cell', { name: 'User 21' });
    await userEvent.type(screen.getByRole('textbox', { name: 'Search' }), 'ali');
    await waitFor(() => expect(listCalls(fetch).at(-1)?.searchParams.get('query')).toBe('ali'));
    const searches = listCalls(fetch).filter((u) => u.searchParams.has('query'));
    expect(searches.map((u) => u.searchParams.get('query'))).toEqual(['ali']);
    expect(searches[0].searchParams.get('offset')).toBe('0');
  });

  it('keeps the page and the sort for the session', async () => {
    const fetch = serveList(users);
    const first = renderTable();
    await screen.findByRole('cell', { name: 'User 01' });
    await userEvent.click(screen.getByRole('button', { name: 'Name' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(listCalls(fetch).at(-1)?.searchParams.get('offset')).toBe('10'));
    first.unmount();

    fetch.mockClear();
    renderTable();
    await screen.findByRole('cell', { name: 'User 11' });
    expect(Object.fromEntries(listCalls(fetch)[0].searchParams)).toEqual({
      limit: '10',
      offset: '10',
      orderBy: 'name',
    });
  });

  it('refetches on Refresh', async () => {
    const fetch = serveList(users);
    renderTable();
    await screen.findByRole('cell', { name: 'User 01' });
    await userEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    await waitFor(() => expect(fetch).toHaveBeenCalledTimes(2));
  });

  it('shows the reason of a failed load and retries', async () => {
    let fail = true;
    stubFetch(() =>
      fail ? json({ reason: 'Database unavailable' }, 503) : { data: users.slice(0, 10), total: 25 },
    );
    renderTable();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Sorry, there was a problem: Database unavailable',
    );
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('cell', { name: 'User 01' })).toBeInTheDocument();
  });

  it('shows its empty text when the list is empty', async () => {
    serveList([]);
    renderTable({ emptyText: 'No users yet' });
    expect(await screen.findByText('No users yet')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('offers Download CSV only when given CSV columns', async () => {
    serveList(users);
    const first = renderTable();
    await screen.findByRole('cell', { name: 'User 01' });
    expect(screen.queryByRole('button', { name: 'Download CSV' })).not.toBeInTheDocument();
    first.unmount();
    renderTable({ csv: { filename: 'users', columns: [{ header: 'Name', value: (u) => u.name }] } });
    expect(screen.getByRole('button', { name: 'Download CSV' })).toBeInTheDocument();
  });

  it('has an Add button, row actions, and rows that open with a click or Enter', async () => {
    serveList(users);
    const onAdd = vi.fn();
    const onRowClick = vi.fn();
    const onEdit = vi.fn();
    renderTable({
      title: 'Users',
      onAdd,
      addLabel: 'Add user',
      onRowClick,
      rowActions: (user) => <Button onClick={() => onEdit(user)}>{`Edit ${user.name}`}</Button>,
    });
    expect(screen.getByRole('heading', { name: 'Users' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Add user' }));
    expect(onAdd).toHaveBeenCalledOnce();

    await userEvent.click(await screen.findByRole('button', { name: 'Edit User 02' }));
    expect(onEdit).toHaveBeenCalledWith(users[1]);
    expect(onRowClick).not.toHaveBeenCalled();

    const row = screen.getByRole('cell', { name: 'User 03' }).closest('tr') as HTMLElement;
    row.focus();
    await userEvent.keyboard('{Enter}');
    expect(onRowClick).toHaveBeenCalledWith(users[2]);
  });
});
