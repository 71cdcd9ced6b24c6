import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Button } from '@mantine/core';
import type { ColumnDef } from '@tanstack/react-table';
import { renderWithProviders } from '../../test/render';
import { stubFetch } from '../../test/fetch-stub';
import { DataTable, type DataTableProps } from './data-table';

type Tag = { id: string; state: string };
const tags: Tag[] = Array.from({ length: 25 }, (_, i) => ({
  id: `c0ffee${String(i + 1).padStart(6, '0')}`,
  state: i < 5 ? 'available' : 'deployed',
}));
const columns: ColumnDef<Tag>[] = [
  { id: 'id', accessorKey: 'id', header: 'Tag' },
  { id: 'state', accessorKey: 'state', header: 'State' },
];

function serveList(rows: Tag[]) {
  return stubFetch((url) => {
    const limit = Number(url.searchParams.get('limit'));
    const offset = Number(url.searchParams.get('offset'));
    return { data: rows.slice(offset, offset + limit), total: rows.length };
  });
}

function renderTable(props: Partial<DataTableProps<Tag>> = {}) {
  return renderWithProviders(
    <DataTable<Tag> api="tags" columns={columns} stateKey="tags-selection" selectable {...props} />,
  );
}

const box = (id: string) => screen.getByRole('checkbox', { name: `Select ${id}` });
const bar = () => screen.getByRole('region', { name: 'Selected rows' });

describe('DataTable row selection (batch operations)', () => {
  it('selects rows by their checkboxes, says how many, and keeps them across pages', async () => {
    serveList(tags);
    const onSelectionChange = vi.fn();
    renderTable({ onSelectionChange });
    await screen.findByRole('cell', { name: 'c0ffee000001' });
    expect(screen.queryByRole('region', { name: 'Selected rows' })).not.toBeInTheDocument();

    await userEvent.click(box('c0ffee000001'));
    await userEvent.click(box('c0ffee000003'));
    expect(within(bar()).getByText('2 selected')).toBeInTheDocument();
    expect(onSelectionChange).toHaveBeenLastCalledWith([tags[0], tags[2]]);

    await userEvent.click(screen.getByRole('button', { name: 'Page 2' }));
    await screen.findByRole('cell', { name: 'c0ffee000011' });
    await userEvent.click(box('c0ffee000011'));
    expect(within(bar()).getByText('3 selected')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Page 1' }));
    await screen.findByRole('cell', { name: 'c0ffee000001' });
    expect(box('c0ffee000001')).toBeChecked();
    expect(box('c0ffee000002')).not.toBeChecked();
    expect(onSelectionChange).toHaveBeenLastCalledWith([tags[0], tags[2], tags[10]]);
  });

  it('selects and clears the whole page from the header checkbox', async () => {
    serveList(tags);
    renderTable();
    await screen.findByRole('cell', { name: 'c0ffee000001' });
    const all = screen.getByRole('checkbox', { name: 'Select all rows on this page' });
    await userEvent.click(box('c0ffee000002'));
    expect(all).toHaveAttribute('data-indeterminate', 'true');
    await userEvent.click(all);
    expect(within(bar()).getByText('10 selected')).toBeInTheDocument();
    expect(all).toBeChecked();
    await userEvent.click(all);
    expect(screen.queryByRole('region', { name: 'Selected rows' })).not.toBeInTheDocument();
  });

  it('works from the keyboard: Space toggles a row without opening it', async () => {
    serveList(tags);
    const onRowClick = vi.fn();
    renderTable({ onRowClick });
    await screen.findByRole('cell', { name: 'c0ffee000001' });
    box('c0ffee000004').focus();
    await userEvent.keyboard(' ');
    expect(box('c0ffee000004')).toBeChecked();
    await userEvent.keyboard('{Enter}');
    await userEvent.click(box('c0ffee000005'));
    expect(onRowClick).not.toHaveBeenCalled();
    expect(within(bar()).getByText('2 selected')).toBeInTheDocument();
  });

  it('renders the batch actions for the selection, and Clear selection empties it', async () => {
    serveList(tags);
    const act = vi.fn();
    renderTable({
      batchActions: (selected, clear) => (
        <Button
          onClick={() => {
            act(selected.map((t) => t.id));
            clear();
          }}
        >{`Act on ${selected.length}`}</Button>
      ),
    });
    await screen.findByRole('cell', { name: 'c0ffee000001' });
    await userEvent.click(box('c0ffee000001'));
    await userEvent.click(box('c0ffee000002'));
    await userEvent.click(within(bar()).getByRole('button', { name: 'Act on 2' }));
    expect(act).toHaveBeenCalledWith(['c0ffee000001', 'c0ffee000002']);
    expect(screen.queryByRole('region', { name: 'Selected rows' })).not.toBeInTheDocument();
    expect(box('c0ffee000001')).not.toBeChecked();

    await userEvent.click(box('c0ffee000003'));
    await userEvent.click(within(bar()).getByRole('button', { name: 'Clear selection' }));
    expect(box('c0ffee000003')).not.toBeChecked();
  });

  it('stops at the most a batch may name and says so', async () => {
    serveList(tags);
    renderTable({ maxSelected: 12 });
    await screen.findByRole('cell', { name: 'c0ffee000001' });
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select all rows on this page' }));
    await userEvent.click(screen.getByRole('button', { name: 'Page 2' }));
    await screen.findByRole('cell', { name: 'c0ffee000011' });
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select all rows on this page' }));
    expect(within(bar()).getByText('12 selected')).toBeInTheDocument();
    expect(within(bar()).getByText('At most 12 rows can be selected at once.')).toBeInTheDocument();
    expect(box('c0ffee000012')).toBeChecked();
    expect(box('c0ffee000013')).toBeDisabled();
  });

  it('keeps the selected rows as the server last sent them', async () => {
    const rows = tags.map((t) => ({ ...t }));
    serveList(rows);
    const onSelectionChange = vi.fn();
    renderTable({ onSelectionChange });
    await screen.findByRole('cell', { name: 'c0ffee000001' });
    await userEvent.click(box('c0ffee000001'));
    rows[0] = { ...rows[0], state: 'lost' };
    await userEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    await waitFor(() =>
      expect(onSelectionChange).toHaveBeenLastCalledWith([{ id: 'c0ffee000001', state: 'lost' }]),
    );
  });

  it('has no checkboxes unless selectable', async () => {
    serveList(tags);
    renderTable({ selectable: false });
    await screen.findByRole('cell', { name: 'c0ffee000001' });
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
  });
});
