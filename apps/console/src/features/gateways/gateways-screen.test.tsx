import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { notifications } from '@mantine/notifications';
import type { Gateway, RawRule } from '@vigil/domain';
import { json } from '../../test/fetch-stub';
import {
  GATEWAY_ADMIN_RULES,
  GATEWAY_VIEWER_RULES,
  gatewayFixture,
  serveGateways,
} from '../../test/gateway-fixtures';
import { CurrentPath, renderSignedIn } from '../../test/signed-in';
import { GatewaysScreen, OutdoorScreen } from './gateways-screen';

afterEach(() => {
  notifications.clean();
  vi.restoreAllMocks();
});

const daysAgo = (d: number) => new Date(Date.now() - d * 86_400_000).toISOString();
const anHourAgo = daysAgo(1 / 24);

const connected = gatewayFixture({
  id: 'b0a710000001',
  config: { state: 'deployed', logistics: { sku: 'GW2' }, labels: ['behind TV', 'guard'], notes: '' },
  state: { status: 'connected', updatedAt: anHourAgo, version: { app: '5.2.1', isSafeMode: true } },
});
const silent = gatewayFixture({
  id: 'b0a710000002',
  state: { status: 'connected', updatedAt: daysAgo(3), version: { app: '5.1.0' } },
});
const updating = gatewayFixture({
  id: 'b0a710000003',
  config: { state: 'undeployed', logistics: { sku: 'GW2' }, labels: [] },
  state: { status: 'ota_download', updatedAt: daysAgo(0.01) },
  location: { path: null },
});
const node = (id: string, state: Gateway['config']['state'] = 'ready_to_deploy') =>
  gatewayFixture({ id, config: { state, logistics: { sku: 'NODE1' }, labels: [] } });

function render(
  ui = <GatewaysScreen />,
  opts: { rules?: RawRule[]; flags?: Record<string, boolean>; path?: string } = {},
) {
  return renderSignedIn(
    <>
      <Routes>
        <Route path="/gateways" element={ui} />
        <Route path="/outdoor/:type" element={ui} />
        <Route path="*" element={null} />
      </Routes>
      <CurrentPath />
    </>,
    { rules: opts.rules ?? GATEWAY_ADMIN_RULES, flags: opts.flags, path: opts.path ?? '/gateways' },
  );
}

const rowOf = async (id: string) =>
  (await screen.findByRole('link', { name: id })).closest('tr') as HTMLElement;
const cellsOf = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((c) => c.textContent);
const box = (id: string) => screen.getByRole('checkbox', { name: `Select ${id}` });
const bar = () => screen.getByRole('region', { name: 'Selected rows' });

async function openBatchMenu() {
  await userEvent.click(within(bar()).getByRole('button', { name: 'Batch actions' }));
  return (await screen.findAllByRole('menuitem')).map((item) => item.textContent);
}

describe('the gateways list', () => {
  it('shows status, last update, location, version with safe mode, SKU, state and labels', async () => {
    const api = serveGateways([connected, silent, updating, gatewayFixture({ id: 'b0a710000004' })]);
    render();
    expect(await screen.findByRole('heading', { name: 'Gateways', level: 1 })).toBeInTheDocument();
    expect(cellsOf(await rowOf('b0a710000001'))).toEqual([
      '',
      'b0a710000001',
      'Safe mode',
      new Date(anHourAgo).toLocaleString(),
      'North Tower › Floor 2 › Ward 3 › Room 201',
      '5.2.1Safe mode',
      'GW2',
      'Deployed',
      'behind TVguard',
    ]);
    expect(cellsOf(await rowOf('b0a710000002'))[2]).toBe('Disconnected');
    expect(cellsOf(await rowOf('b0a710000004'))[2]).toBe('Connected');
    const third = cellsOf(await rowOf('b0a710000003'));
    expect(third[2]).toBe('Updating');
    expect(third[7]).toBe('Ready for Return');
    const [list] = api.calls('GET', '/api/gateways');
    expect(list!.url.searchParams.get('sku')).toBe('all');
    expect(list!.url.searchParams.get('locationFields')).toBe('floor,unit,area,path');
  });

  it('is titled Indoor Gateways and leaves out nodes and bridges when the outdoor flag is on', async () => {
    const api = serveGateways([connected]);
    render(<GatewaysScreen />, { flags: { outdoor: true } });
    expect(await screen.findByRole('heading', { name: 'Indoor Gateways', level: 1 })).toBeInTheDocument();
    await rowOf('b0a710000001');
    expect(api.calls('GET', '/api/gateways')[0]!.url.searchParams.get('sku')).toBe('indoor');
  });

  it.each([
    ['/outdoor/nodes', 'Nodes', 'NODE'],
    ['/outdoor/bridges', 'Bridges', 'GWL'],
  ])('%s lists %s (sku=%s)', async (path, title, sku) => {
    const api = serveGateways([node('a1b2c3d4e5f6')]);
    render(<OutdoorScreen />, { path, flags: { outdoor: true } });
    expect(await screen.findByRole('heading', { name: title, level: 1 })).toBeInTheDocument();
    await rowOf('a1b2c3d4e5f6');
    expect(api.calls('GET', '/api/gateways')[0]!.url.searchParams.get('sku')).toBe(sku);
  });

  it('opens a gateway when its row is clicked', async () => {
    serveGateways([connected]);
    render();
    await userEvent.click(within(await rowOf('b0a710000001')).getByRole('cell', { name: 'GW2' }));
    expect(screen.getByRole('status', { name: 'Current path' })).toHaveTextContent('/gateway/b0a710000001');
  });

  it('says so when no gateway matches, and when the list cannot be loaded', async () => {
    serveGateways([]);
    const { unmount } = render();
    expect(await screen.findByText('No gateways match')).toBeInTheDocument();
    unmount();
    serveGateways([], { onWrite: () => undefined }).fetch.mockImplementation(async () =>
      json({ reason: 'Database unavailable' }, 503),
    );
    render();
    expect(await screen.findByText('Sorry, there was a problem: Database unavailable')).toBeInTheDocument();
  });

  it('offers exactly the SPEC §4 batch operations for the selection', async () => {
    serveGateways([connected, node('a1b2c3d4e5f1'), node('a1b2c3d4e5f2'), node('a1b2c3d4e5f3', 'deployed')]);
    render();
    await rowOf('b0a710000001');
    await userEvent.click(box('b0a710000001'));
    expect(await openBatchMenu()).toEqual(['Mark lost']);
    await userEvent.keyboard('{Escape}');
    await userEvent.click(within(bar()).getByRole('button', { name: 'Clear selection' }));

    await userEvent.click(box('a1b2c3d4e5f1'));
    await userEvent.click(box('a1b2c3d4e5f2'));
    expect(await openBatchMenu()).toEqual(['Transfer to inventory', 'Clear diagnostics info', 'Mark lost']);
    await userEvent.keyboard('{Escape}');
    await userEvent.click(box('a1b2c3d4e5f3'));
    expect(await openBatchMenu()).toEqual(['Clear diagnostics info', 'Mark lost']);
  });

  it('marks the selected gateways lost after confirming, and clears the selection', async () => {
    const api = serveGateways([connected, silent]);
    render();
    await rowOf('b0a710000001');
    await userEvent.click(box('b0a710000001'));
    await userEvent.click(box('b0a710000002'));
    await openBatchMenu();
    await userEvent.click(screen.getByRole('menuitem', { name: 'Mark lost' }));
    const dialog = await screen.findByRole('dialog', { name: 'Mark lost: 2 gateways' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Mark lost' }));
    await waitFor(() => expect(api.bodies('PUT', '/api/gateways')).toHaveLength(1));
    expect(api.bodies('PUT', '/api/gateways')[0]).toEqual({
      ids: ['b0a710000001', 'b0a710000002'],
      op: 'mark_lost',
      args: {},
    });
    expect(await screen.findByText('Mark lost: 2 gateways done.')).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.queryByRole('region', { name: 'Selected rows' })).not.toBeInTheDocument(),
    );
  });

  it('shows a refusal in SPEC §8 words, naming the gateways the server would not take', async () => {
    serveGateways([connected], {
      onWrite: () =>
        json(
          { reason: 'mark_lost is not allowed for gateway b0a710000001', ineligible: ['b0a710000001'] },
          400,
        ),
    });
    render();
    await rowOf('b0a710000001');
    await userEvent.click(box('b0a710000001'));
    await openBatchMenu();
    await userEvent.click(screen.getByRole('menuitem', { name: 'Mark lost' }));
    const dialog = await screen.findByRole('dialog', { name: 'Mark lost: 1 gateway' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Mark lost' }));
    expect(
      await within(dialog).findByText(
        'Sorry, could not update: mark_lost is not allowed for gateway b0a710000001. Not eligible: b0a710000001.',
      ),
    ).toBeInTheDocument();
  });

  it('offers no selection to a user who may not update gateways', async () => {
    serveGateways([connected]);
    render(<GatewaysScreen />, { rules: GATEWAY_VIEWER_RULES });
    await rowOf('b0a710000001');
    expect(screen.queryByRole('checkbox', { name: 'Select b0a710000001' })).not.toBeInTheDocument();
  });
});
