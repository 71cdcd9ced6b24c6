import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '../test/render';
import { stubLayout } from '../test/layout-stub';
import { SuggestionList } from './suggestion-list';

type Person = { id: string; name: string };
const people: Person[] = Array.from({ length: 15 }, (_, i) => ({ id: `p${i}`, name: `Alex ${i}` }));

beforeEach(() => stubLayout());

const search = async (query: string, _signal: AbortSignal) =>
  people.filter((p) => p.name.toLowerCase().includes(query));

function renderList(fetch = vi.fn(search)) {
  const onPick = vi.fn();
  renderWithProviders(
    <SuggestionList<Person>
      label="Person"
      fetch={fetch}
      getLabel={(p) => p.name}
      getKey={(p) => p.id}
      onPick={onPick}
    />,
  );
  return { fetch, onPick, field: screen.getByRole('textbox', { name: 'Person' }) };
}

describe('SuggestionList (SPEC §5, §9)', () => {
  it('asks nothing for fewer than 2 characters', async () => {
    const { fetch, field } = renderList();
    await userEvent.type(field, 'a');
    await new Promise((r) => setTimeout(r, 300));
    expect(fetch).not.toHaveBeenCalled();
    expect(screen.queryByRole('option')).not.toBeInTheDocument();
  });

  it('asks once typing pauses, and shows at most 10 suggestions', async () => {
    const { fetch, field } = renderList();
    await userEvent.type(field, 'alex');
    expect(await screen.findByRole('option', { name: 'Alex 0' })).toBeInTheDocument();
    expect(screen.getAllByRole('option')).toHaveLength(10);
    expect(fetch.mock.calls.map(([query]) => query)).toEqual(['alex']);
    expect(fetch.mock.calls[0][1]).toBeInstanceOf(AbortSignal);
  });

  it('picks a suggestion with the keyboard', async () => {
    const { onPick, field } = renderList();
    await userEvent.type(field, 'alex 1');
    await screen.findByRole('option', { name: 'Alex 10' });
    await userEvent.keyboard('{ArrowDown}{ArrowDown}{Enter}');
    expect(onPick).toHaveBeenCalledWith(people[10]);
    expect(field).toHaveValue('Alex 10');
  });

  it('picks a suggestion with a click', async () => {
    const { onPick, field } = renderList();
    await userEvent.type(field, 'alex 3');
    await userEvent.click(await screen.findByRole('option', { name: 'Alex 3' }));
    expect(onPick).toHaveBeenCalledWith(people[3]);
  });

  it('says when nothing matches', async () => {
    const { field } = renderList();
    await userEvent.type(field, 'zz');
    expect(await screen.findByText('No matches')).toBeInTheDocument();
  });

  it('shows why suggestions failed', async () => {
    const { field } = renderList(vi.fn(async () => Promise.reject(new Error('Server unreachable'))));
    await userEvent.type(field, 'al');
    await waitFor(() =>
      expect(screen.getByText('Sorry, there was a problem: Server unreachable')).toBeInTheDocument(),
    );
  });
});
