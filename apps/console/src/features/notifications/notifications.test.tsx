import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ChannelHealth, RawRule } from '@vigil/domain';
import { deliveryFixture } from '../../test/delivery-fixtures';
import { json, stubFetch } from '../../test/fetch-stub';
import { renderSignedIn } from '../../test/signed-in';
import { ChannelFailingBanner } from './channel-banner';
import { DeliveryLogScreen } from './delivery-log-screen';

const ADMIN: RawRule[] = [
  { action: ['list', 'read', 'update', 'delete'], subject: ['Subscription', 'Alert'] },
];
const RESPONDER: RawRule[] = [{ action: ['list', 'read', 'update'], subject: 'Alert' }];

describe('the notification log (issue 16, /log/notifications)', () => {
  it('shows each delivery: who, what, channel, address, state, attempts, last error and times', async () => {
    const queries: URLSearchParams[] = [];
    stubFetch((url) => {
      if (url.pathname !== '/api/notifications/deliveries') return json({ reason: 'Not found' }, 404);
      queries.push(url.searchParams);
      const rows = [
        deliveryFixture({ id: 'd-1' }),
        deliveryFixture({
          id: 'd-2',
          recipient: 'Ward 3 pager (WCTP pager)',
          alertId: null,
          mode: null,
          moment: 'test',
          channel: 'wctp',
          address: '5551234',
          state: 'failed',
          attempts: 12,
          lastError: 'connect ECONNREFUSED 127.0.0.1:9',
          deliveredAt: null,
        }),
      ];
      const state = url.searchParams.get('state');
      const data = state ? rows.filter((r) => r.state === state) : rows;
      return { data, total: data.length };
    });
    renderSignedIn(<DeliveryLogScreen />, { rules: ADMIN, path: '/log/notifications' });

    const sent = (await screen.findByText('Ward 3 desk (E-mail)')).closest('tr')!;
    expect(within(sent).getByRole('link', { name: 'Alert created · Help' })).toHaveAttribute(
      'href',
      '/alert/a-1',
    );
    expect(within(sent).getByText('E-mail')).toBeInTheDocument();
    expect(within(sent).getByText('ward3@example.org')).toBeInTheDocument();
    expect(within(sent).getByText('Delivered')).toBeInTheDocument();
    expect(within(sent).getByText(new Date('2026-06-01T10:00:00.000Z').toLocaleString())).toBeInTheDocument();
    expect(within(sent).getByText(new Date('2026-06-01T10:00:01.000Z').toLocaleString())).toBeInTheDocument();

    const failed = screen.getByText('Ward 3 pager (WCTP pager)').closest('tr')!;
    expect(within(failed).getByText('Test message')).toBeInTheDocument();
    expect(within(failed).queryByRole('link')).not.toBeInTheDocument();
    expect(within(failed).getByText('WCTP')).toBeInTheDocument();
    expect(within(failed).getByText('Failed')).toBeInTheDocument();
    expect(within(failed).getByText('12')).toBeInTheDocument();
    expect(within(failed).getByText('connect ECONNREFUSED 127.0.0.1:9')).toBeInTheDocument();
    expect(queries.at(-1)?.has('state')).toBe(false);

    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'State' }), 'Failed');
    await waitFor(() => expect(queries.at(-1)?.get('state')).toBe('failed'));
    await waitFor(() => expect(screen.queryByText('Ward 3 desk (E-mail)')).not.toBeInTheDocument());
    expect(screen.getByText('Ward 3 pager (WCTP pager)')).toBeInTheDocument();
    expect(queries.at(-1)?.get('offset')).toBe('0');
    expect(queries.at(-1)?.get('limit')).toBeTruthy();
  });

  it('reads its state filter from the URL and says when nothing is in that state', async () => {
    const queries: URLSearchParams[] = [];
    stubFetch((url) => {
      queries.push(url.searchParams);
      return { data: [], total: 0 };
    });
    renderSignedIn(<DeliveryLogScreen />, { rules: ADMIN, path: '/log/notifications?state=pending' });
    expect(await screen.findByText('No notifications in this state')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'State' })).toHaveValue('pending');
    expect(queries.at(-1)?.get('state')).toBe('pending');
  });
});

describe('the failing channel banner (issue 16)', () => {
  const ago = (ms: number) => new Date(Date.now() - ms).toISOString();
  const health = (channels: Partial<ChannelHealth['channels'][number]>[]): ChannelHealth => ({
    channels: channels.map((c) => ({
      channel: 'email',
      configured: true,
      failingSince: null,
      lastError: null,
      ...c,
    })),
  });

  it('warns an admin of each channel failing for over a minute, and of no other', async () => {
    stubFetch((url) =>
      url.pathname === '/api/notifications/health'
        ? health([
            { channel: 'email', failingSince: ago(120_000), lastError: '421 mail.example.org busy' },
            { channel: 'wctp', failingSince: ago(20_000), lastError: 'timeout' },
            { channel: 'sms' },
          ])
        : json({ reason: 'Not found' }, 404),
    );
    renderSignedIn(<ChannelFailingBanner />, { rules: ADMIN });
    const banner = await screen.findByRole('alert');
    expect(banner).toHaveTextContent(
      'E-mail notifications are failing: 421 mail.example.org busy. Pagers and phones may not be reached.',
    );
    expect(screen.getAllByRole('alert')).toHaveLength(1);
  });

  it('shows nothing while every channel delivers', async () => {
    const fetch = stubFetch(() => health([{ channel: 'email' }, { channel: 'webhook' }]));
    renderSignedIn(<ChannelFailingBanner />, { rules: ADMIN });
    await waitFor(() => expect(fetch).toHaveBeenCalled());
    await waitFor(() => expect(screen.queryByRole('alert')).not.toBeInTheDocument());
  });

  it('asks nothing for a caller who may not list subscriptions', () => {
    const fetch = stubFetch(() =>
      health([{ channel: 'email', failingSince: ago(600_000), lastError: 'down' }]),
    );
    renderSignedIn(<ChannelFailingBanner />, { rules: RESPONDER });
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(fetch).not.toHaveBeenCalled();
  });
});
