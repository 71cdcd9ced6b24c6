import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { ColumnDef } from '@tanstack/react-table';
import { renderWithProviders } from '../../test/render';
import { stubFetch } from '../../test/fetch-stub';
import { DataTable, type DataTableProps } from './data-table';

type Row = { id: string; name: string; path: string; notes: string };
const PATH = 'Main Campus › North Tower › Floor 1 › Emergency Department › ED Room 101';
const rows: Row[] = [{ id: 'r1', name: 'Ann Example', path: PATH, notes: 'Collect soon' }];
const plain: ColumnDef<Row>[] = [
  { id: 'name', accessorKey: 'name', header: 'Name' },
  { id: 'path', accessorKey: 'path', header: 'Location' },
];
const truncated: ColumnDef<Row>[] = [
  { id: 'name', accessorKey: 'name', header: 'Name' },
  {
    id: 'path',
    accessorKey: 'path',
    header: 'Location',
    meta: { truncate: { share: 3, ellipsis: 'start' } },
  },
  { id: 'notes', accessorKey: 'notes', header: 'Notes', meta: { truncate: true } },
];

function renderTable(props: Partial<DataTableProps<Row>> = {}) {
  stubFetch(() => ({ data: rows, total: rows.length }));
  return renderWithProviders(<DataTable<Row> api="rows" columns={plain} stateKey="rows" {...props} />);
}

const header = (name: string) => screen.getByRole('columnheader', { name });

describe('DataTable one-line rows', () => {
  it('keeps headers on one line, and lets cells wrap while no column truncates', async () => {
    renderTable();
    const cell = await screen.findByRole('cell', { name: PATH });
    expect(header('Location')).toHaveStyle({ whiteSpace: 'nowrap' });
    expect(cell.style.whiteSpace).toBe('');
    expect(within(cell).queryByTitle(PATH)).not.toBeInTheDocument();
  });

  it('cuts a truncating column on one line, whole for screen readers and on hover', async () => {
    renderTable({ columns: truncated });
    const cell = await screen.findByRole('cell', { name: PATH });
    expect(cell.style.whiteSpace).toBe('nowrap');
    expect(cell.style.maxWidth).toBe('0');
    const text = within(cell).getByTitle(PATH);
    expect(text).toHaveTextContent(PATH);
    // Cut at the start: the box runs right to left around a left-to-right path.
    expect(text).toHaveAttribute('data-truncate', 'start');
    expect(within(text).getByText(PATH)).toHaveAttribute('dir', 'ltr');
    expect(
      within(screen.getByRole('cell', { name: 'Collect soon' })).getByTitle('Collect soon'),
    ).toHaveAttribute('data-truncate', 'end');
    // The other columns keep their text's width on one line.
    expect(screen.getByRole('cell', { name: 'Ann Example' })).toHaveStyle({ whiteSpace: 'nowrap' });
  });

  it('shares the spare width among the truncating columns by their shares', async () => {
    renderTable({ columns: truncated });
    await screen.findByRole('cell', { name: PATH });
    expect(header('Location').style.width).toBe('75%');
    expect(header('Notes').style.width).toBe('25%');
    expect(header('Name').style.width).toBe('');
  });
});

describe('DataTable toolbar', () => {
  it('shows the filters before the search box', async () => {
    renderTable({ filters: <select aria-label="State" /> });
    await screen.findByRole('cell', { name: 'Ann Example' });
    const state = screen.getByRole('combobox', { name: 'State' });
    const search = screen.getByRole('textbox', { name: 'Search' });
    expect(state.compareDocumentPosition(search) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('offers Refresh as a named icon button', async () => {
    renderTable();
    await screen.findByRole('cell', { name: 'Ann Example' });
    expect(screen.getByRole('button', { name: 'Refresh' })).not.toHaveTextContent('Refresh');
  });
});
