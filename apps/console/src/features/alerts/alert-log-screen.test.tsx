import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import dayjs from 'dayjs';
import { alertFixture } from '../../test/alert-fixtures';
import { stubFetch } from '../../test/fetch-stub';
import { renderWithProviders } from '../../test/render';
import { AlertLogScreen } from './alert-log-screen';

const closed = alertFixture({
  id: 'al-1',
  state: 'closed',
  closedAt: new Date().toISOString(),
  closedBy: { id: 'u-kim', name: 'Kim Lead' },
  reasonCode: 'ignored_false_alarm',
});

function serveLog() {
  const queries: URLSearchParams[] = [];
  const fetch = stubFetch((url) => {
    if (url.pathname === '/api/log/alerts') {
      queries.push(url.searchParams);
      return { data: [closed], total: 1 };
    }
    return { data: [], total: 0 };
  });
  return {
    fetch,
    queries,
    lastWhere: () => JSON.parse(queries.at(-1)?.get('where') ?? '{}') as Record<string, unknown>,
  };
}

describe('the alert log screen', () => {
  it('lists alerts from the previous day to today by default, each linking to its detail', async () => {
    const server = serveLog();
    renderWithProviders(
      <MemoryRouter initialEntries={['/log/alerts']}>
        <AlertLogScreen />
      </MemoryRouter>,
    );
    const link = await screen.findByRole('link', { name: 'Jane Doe' });
    expect(link).toHaveAttribute('href', '/alert/al-1');
    const row = link.closest('tr')!;
    expect(within(row).getByText('False alarm')).toBeInTheDocument();
    expect(within(row).getByText('Closed')).toBeInTheDocument();
    const where = server.lastWhere() as { createdAt: { $gte: string; $lte: string } };
    expect(new Date(where.createdAt.$gte)).toEqual(dayjs().subtract(1, 'day').startOf('day').toDate());
    expect(new Date(where.createdAt.$lte)).toEqual(dayjs().endOf('day').toDate());
    expect(screen.getByRole('button', { name: 'Download CSV' })).toBeInTheDocument();
  });

  it('filters by state and mode through the list contract', async () => {
    const server = serveLog();
    renderWithProviders(
      <MemoryRouter initialEntries={['/log/alerts']}>
        <AlertLogScreen />
      </MemoryRouter>,
    );
    await screen.findByRole('link', { name: 'Jane Doe' });
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'State' }), 'Closed');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Mode' }), 'Danger');
    await waitFor(() => expect(server.lastWhere()).toMatchObject({ state: 'closed', mode: 'danger' }));
  });
});
