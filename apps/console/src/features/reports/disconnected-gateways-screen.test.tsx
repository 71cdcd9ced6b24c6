import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderSignedIn } from '../../test/signed-in';
import { DisconnectedGatewaysScreen } from './disconnected-gateways-screen';
import {
  CurrentUrl,
  catchDownloads,
  gatewayRow,
  queryOf,
  reportRules,
  serveReport,
  withReportClock,
} from './report-test-server';

withReportClock();

const rules = reportRules('metrics');
const GW = gatewayRow({
  id: 'b0a710000001',
  name: 'GW Lobby',
  sku: 'GWB0',
  location: 'Demo Hospital › Building A › Lobby',
  lastUpdate: '2026-06-06T14:00:00.000Z',
  metrics: { heartbeats: 288, button: 97.5, coverage: 88, floor: null },
});

function open(path = '/health/disconnected-gateways') {
  return renderSignedIn(
    <>
      <DisconnectedGatewaysScreen />
      <CurrentUrl />
    </>,
    { rules, path },
  );
}

describe('Disconnected Gateways (SPEC §2.1 /health/disconnected-gateways)', () => {
  it('lists each gateway with its last update, location, SKU and 24 h metrics', async () => {
    const server = serveReport('disconnectedGateways', { details: [GW] });
    open();
    expect(screen.getByRole('heading', { level: 1, name: 'Disconnected Gateways' })).toBeInTheDocument();
    const link = await screen.findByRole('link', { name: 'GW Lobby' });
    expect(link).toHaveAttribute('href', '/gateway/b0a710000001');
    const row = link.closest('tr')!;
    for (const text of ['GWB0', 'Demo Hospital › Building A › Lobby', '288', '97.5%', '88%', '—'])
      expect(within(row).getByText(text)).toBeInTheDocument();
    expect(row.querySelector('time')).toHaveAttribute('dateTime', GW.lastUpdate);
    expect(screen.getByText('1 disconnected gateway in Demo Hospital')).toBeInTheDocument();
    const q = server.reportRequests().at(-1)!.searchParams;
    expect(q.get('view')).toBe('details');
    // SPEC §9: silent past 2 days by default.
    expect(q.get('thresholdDays')).toBe('2');
    expect(screen.getByRole('combobox', { name: 'Silent for longer than' })).toHaveValue('2');
  });

  it('takes another threshold from the URL and keeps a new one there', async () => {
    const server = serveReport('disconnectedGateways', { details: [GW] });
    open('/health/disconnected-gateways?thresholdDays=7');
    await screen.findByRole('link', { name: 'GW Lobby' });
    expect(server.reportRequests().at(-1)!.searchParams.get('thresholdDays')).toBe('7');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Silent for longer than' }), '14');
    await waitFor(() => expect(server.reportRequests().at(-1)!.searchParams.get('thresholdDays')).toBe('14'));
    expect(
      queryOf(screen.getByRole('status', { name: 'Current URL' }).textContent).get('thresholdDays'),
    ).toBe('14');
    // The default leaves the URL clean.
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Silent for longer than' }), '2');
    await waitFor(() => expect(server.reportRequests().at(-1)!.searchParams.get('thresholdDays')).toBe('2'));
    expect(
      queryOf(screen.getByRole('status', { name: 'Current URL' }).textContent).has('thresholdDays'),
    ).toBe(false);
  });

  it('downloads the CSV with the threshold and the time zone', async () => {
    const server = serveReport('disconnectedGateways', { details: [GW], csv: 'Gateway\r\nGW Lobby\r\n' });
    const saved = catchDownloads();
    open('/health/disconnected-gateways?thresholdDays=7');
    await screen.findByRole('link', { name: 'GW Lobby' });
    await userEvent.click(screen.getByRole('button', { name: 'Download CSV' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'UTC' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]!.filename).toBe('disconnected-gateways-2026-06-10.csv');
    const exported = server.requests.find((u) => u.pathname === '/api/reports/disconnectedGateways/export')!;
    expect([exported.searchParams.get('timeZone'), exported.searchParams.get('thresholdDays')]).toEqual([
      'UTC',
      '7',
    ]);
  });

  it('says so when every gateway reports', async () => {
    serveReport('disconnectedGateways', { details: [] });
    open();
    expect(await screen.findByText('No disconnected gateways in this range')).toBeInTheDocument();
  });

  it('shows the reason of a failure', async () => {
    serveReport('disconnectedGateways', {
      details: () => ({ status: 403, body: { reason: 'Not allowed to read Report metrics' } }),
    });
    open();
    expect(await screen.findByText(/Not allowed to read Report metrics/)).toBeInTheDocument();
  });
});
