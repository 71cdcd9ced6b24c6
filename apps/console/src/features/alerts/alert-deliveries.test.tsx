import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient } from '@tanstack/react-query';
import type { Delivery, RawRule } from '@vigil/domain';
import { ALERT_DELIVERIES_POLL_MS, notificationQueries } from '../../api/notifications';
import { deliveryFixture } from '../../test/delivery-fixtures';
import { json, stubFetch } from '../../test/fetch-stub';
import { renderSignedIn } from '../../test/signed-in';
import { AlertDeliveries } from './alert-deliveries';

const RESPONDER: RawRule[] = [{ action: ['list', 'read', 'update'], subject: 'Alert' }];

const delivery = deliveryFixture;

function serve(rows: Delivery[]) {
  const queries: URLSearchParams[] = [];
  stubFetch((url) => {
    if (url.pathname !== '/api/notifications/deliveries') return json({ reason: 'Not found' }, 404);
    queries.push(url.searchParams);
    return { data: rows, total: rows.length };
  });
  return queries;
}

describe("an alert's notifications (issue 16, the alert detail)", () => {
  it("lists the alert's deliveries: whom, what, channel, state, attempts, last error, when", async () => {
    const queries = serve([
      delivery({ id: 'd-1' }),
      delivery({
        id: 'd-2',
        recipient: 'Ward 3 pager (WCTP pager)',
        moment: 'unacknowledged',
        channel: 'wctp',
        address: '5551234',
        state: 'pending',
        attempts: 2,
        lastError: 'HTTP 503 from the paging gateway',
        deliveredAt: null,
      }),
    ]);
    renderSignedIn(<AlertDeliveries alertId="a-1" />, { rules: RESPONDER });
    const section = screen.getByRole('region', { name: 'Notifications' });
    const sent = (await within(section).findByText('Ward 3 desk (E-mail)')).closest('tr')!;
    expect(within(sent).getByText('Alert created · Help')).toBeInTheDocument();
    expect(within(sent).getByText('E-mail')).toBeInTheDocument();
    expect(within(sent).getByText('Delivered')).toBeInTheDocument();
    expect(within(sent).getByText(new Date('2026-06-01T10:00:01.000Z').toLocaleString())).toBeInTheDocument();
    const pending = within(section).getByText('Ward 3 pager (WCTP pager)').closest('tr')!;
    expect(within(pending).getByText('Still unacknowledged · Help')).toBeInTheDocument();
    expect(within(pending).getByText('Pending')).toBeInTheDocument();
    expect(within(pending).getByText('HTTP 503 from the paging gateway')).toBeInTheDocument();
    expect(queries[0]?.get('alertId')).toBe('a-1');
  });

  it('says when the alert sent no notification', async () => {
    serve([]);
    renderSignedIn(<AlertDeliveries alertId="a-1" />, { rules: RESPONDER });
    expect(await screen.findByText('No notifications were sent for this alert')).toBeInTheDocument();
  });

  it('shows a failure to load with Retry', async () => {
    stubFetch(() => json({ reason: 'Internal error' }, 500));
    renderSignedIn(<AlertDeliveries alertId="a-1" />, { rules: RESPONDER });
    expect(await screen.findByText('Sorry, there was a problem: Internal error')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });

  it('is not shown to a caller who may not read alerts', async () => {
    const fetch = stubFetch(() => ({ data: [], total: 0 }));
    renderSignedIn(<AlertDeliveries alertId="a-1" />, { rules: [] });
    await waitFor(() =>
      expect(screen.queryByRole('region', { name: 'Notifications' })).not.toBeInTheDocument(),
    );
    expect(fetch).not.toHaveBeenCalled();
  });

  it('asks again every 5 s while a delivery is pending, and stops once none is', async () => {
    const client = new QueryClient();
    const options = notificationQueries.alert('a-1');
    const interval = options.refetchInterval as (query: unknown) => number | false;
    const queryWith = (rows: Delivery[]) => {
      client.setQueryData(options.queryKey, { data: rows, total: rows.length });
      return client.getQueryCache().find({ queryKey: options.queryKey });
    };
    expect(interval(queryWith([delivery({ id: 'd-1', state: 'pending' })]))).toBe(ALERT_DELIVERIES_POLL_MS);
    expect(ALERT_DELIVERIES_POLL_MS).toBe(5000);
    expect(interval(queryWith([delivery({ id: 'd-1' }), delivery({ id: 'd-2', state: 'failed' })]))).toBe(
      false,
    );
  });
});

describe('revoking the alert links (issue 16 "revocable")', () => {
  it('asks first, revokes every link of the alert, and says how many', async () => {
    const revoked: string[] = [];
    stubFetch((url, init) => {
      if (url.pathname === '/api/notifications/deliveries')
        return { data: [delivery({ id: 'd-1' })], total: 1 };
      if (url.pathname === '/api/alerts/a-1/links/revoke' && init?.method === 'POST') {
        revoked.push(url.pathname);
        return { revoked: 2 };
      }
      return json({ reason: 'Not found' }, 404);
    });
    renderSignedIn(<AlertDeliveries alertId="a-1" />, { rules: RESPONDER });
    await userEvent.click(await screen.findByRole('button', { name: 'Revoke alert links' }));
    const dialog = await screen.findByRole('dialog', { name: 'Revoke alert links' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(revoked).toEqual([]);
    await userEvent.click(screen.getByRole('button', { name: 'Revoke alert links' }));
    await userEvent.click(
      within(await screen.findByRole('dialog', { name: 'Revoke alert links' })).getByRole('button', {
        name: 'Revoke links',
      }),
    );
    expect(await screen.findByText('2 alert links revoked.')).toBeInTheDocument();
    expect(revoked).toEqual(['/api/alerts/a-1/links/revoke']);
  });

  it('is not offered to a caller who may only read alerts', async () => {
    serve([delivery({ id: 'd-1' })]);
    renderSignedIn(<AlertDeliveries alertId="a-1" />, {
      rules: [{ action: ['list', 'read'], subject: 'Alert' }],
    });
    expect(await screen.findByText('Ward 3 desk (E-mail)')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Revoke alert links' })).not.toBeInTheDocument();
  });
});
