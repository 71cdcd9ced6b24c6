import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ColumnDef } from '@tanstack/react-table';
import { renderWithProviders } from '../../test/render';
import { stubFetch } from '../../test/fetch-stub';
import { DataTable, type DataTableProps } from './data-table';
import { columnsStorageKey, readColumnVisibility } from './use-column-visibility';

type Row = { id: string; name: string; email: string; role: string };
const rows: Row[] = [{ id: 'u1', name: 'Ann', email: 'ann@example.com', role: 'admin' }];
const columns: ColumnDef<Row>[] = [
  { id: 'name', accessorKey: 'name', header: 'Name' },
  { id: 'email', accessorKey: 'email', header: 'E-mail' },
  { id: 'role', accessorKey: 'role', header: 'Role' },
];

function renderTable(props: Partial<DataTableProps<Row>> = {}) {
  stubFetch(() => ({ data: rows, total: rows.length }));
  return renderWithProviders(<DataTable<Row> api="users" columns={columns} stateKey="people" {...props} />);
}

const headers = () => screen.getAllByRole('columnheader').map((h) => h.textContent);

describe('DataTable column choices', () => {
  it('hides and shows columns from the Columns menu, and remembers the choice for the list', async () => {
    const first = renderTable();
    await screen.findByRole('cell', { name: 'Ann' });
    expect(headers()).toEqual(['Name', 'E-mail', 'Role']);
    await userEvent.click(screen.getByRole('button', { name: 'Columns' }));
    await userEvent.click(await screen.findByRole('checkbox', { name: 'E-mail' }));
    expect(headers()).toEqual(['Name', 'Role']);
    expect(screen.queryByRole('cell', { name: 'ann@example.com' })).not.toBeInTheDocument();
    first.unmount();

    renderTable();
    await screen.findByRole('cell', { name: 'Ann' });
    expect(headers()).toEqual(['Name', 'Role']);
    await userEvent.click(screen.getByRole('button', { name: 'Columns' }));
    await userEvent.click(await screen.findByRole('checkbox', { name: 'E-mail' }));
    expect(headers()).toEqual(['Name', 'E-mail', 'Role']);
  });

  it('keeps the last shown column', async () => {
    renderTable();
    await screen.findByRole('cell', { name: 'Ann' });
    await userEvent.click(screen.getByRole('button', { name: 'Columns' }));
    await userEvent.click(await screen.findByRole('checkbox', { name: 'E-mail' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Role' }));
    expect(screen.getByRole('checkbox', { name: 'Name' })).toBeDisabled();
    expect(headers()).toEqual(['Name']);
  });

  it('starts with the list’s default hidden columns until the user chooses', async () => {
    renderTable({ defaultHiddenColumns: ['role'] });
    await screen.findByRole('cell', { name: 'Ann' });
    expect(headers()).toEqual(['Name', 'E-mail']);
    await userEvent.click(screen.getByRole('button', { name: 'Columns' }));
    expect(await screen.findByRole('checkbox', { name: 'Role' })).not.toBeChecked();
  });

  it('offers no menu for the checkbox and actions columns', async () => {
    renderTable({ selectable: true, rowActions: () => null });
    await screen.findByRole('cell', { name: 'Ann' });
    await userEvent.click(screen.getByRole('button', { name: 'Columns' }));
    const group = await screen.findByRole('group', { name: 'Columns shown' });
    expect(group.querySelectorAll('input[type=checkbox]')).toHaveLength(3);
  });
});

describe('readColumnVisibility', () => {
  it('reads saved choices per list, falling back to the defaults', () => {
    expect(readColumnVisibility('a', ['x'])).toEqual({ x: false });
    localStorage.setItem(columnsStorageKey('a'), JSON.stringify({ y: false, z: 'no' }));
    expect(readColumnVisibility('a', ['x'])).toEqual({ y: false });
    expect(readColumnVisibility('b')).toEqual({});
    localStorage.setItem(columnsStorageKey('a'), '{bad');
    expect(readColumnVisibility('a')).toEqual({});
  });
});
