import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { notifications } from '@mantine/notifications';
import type { RawRule } from '@vigil/domain';
import { json } from '../../test/fetch-stub';
import {
  GATEWAY_ADMIN_RULES,
  GATEWAY_VIEWER_RULES,
  detailOf,
  gatewayFixture,
  serveGateways,
} from '../../test/gateway-fixtures';
import { renderSignedIn } from '../../test/signed-in';
import { GatewayDetailScreen } from './gateway-detail-screen';

afterEach(() => {
  notifications.clean();
  vi.restoreAllMocks();
});

const ID = 'b0a710000001';
const gateway = gatewayFixture({
  id: ID,
  config: {
    state: 'deployed',
    location: '11111111-1111-4111-8111-111111111111',
    logistics: { sku: 'NODE1' },
    labels: ['behind TV'],
    notes: 'North wall',
    coordinates: { lat: 40.1, lng: -75.2, alt: 7 },
    hasAltitudeOverride: true,
  },
  state: {
    status: 'connected',
    updatedAt: new Date(Date.now() - 120_000).toISOString(),
    version: { app: '5.2.1', isSafeMode: true },
    hardware: { revision: 'v2' },
    adminMode: true,
    debug: { rebootInfo: { lastResetReason: 9 } },
    neighbors: { b0a710000002: 4.5, b0a710000003: 2 },
  },
});

function render(opts: { rules?: RawRule[]; flags?: Record<string, boolean>; id?: string } = {}) {
  return renderSignedIn(<GatewayDetailScreen />, {
    rules: opts.rules ?? GATEWAY_ADMIN_RULES,
    flags: opts.flags,
    path: `/gateway/${opts.id ?? ID}`,
    route: '/gateway/:id',
  });
}

const fact = (term: string) => screen.getByText(term, { selector: 'dt' }).nextElementSibling?.textContent;

describe('the gateway detail screen', () => {
  it('shows status, version and safe mode, hardware, admin mode, reset reason and location', async () => {
    serveGateways([gateway]);
    render();
    expect(await screen.findByRole('heading', { name: `Gateway ${ID}`, level: 1 })).toBeInTheDocument();
    expect(fact('Status')).toBe('Safe mode');
    expect(fact('Version')).toBe('5.2.1Safe mode');
    expect(fact('Hardware revision')).toBe('v2');
    expect(fact('Admin mode')).toBe('On');
    expect(fact('Last reset reason')).toBe('Power problem');
    expect(fact('Location')).toBe('North Tower › Floor 2 › Ward 3 › Room 201');
    expect(fact('Labels')).toBe('behind TV');
    expect(fact('SKU')).toBe('NODE1');
  });

  it('says Disconnected once the last update is older than two days', async () => {
    serveGateways([
      {
        ...gateway,
        state: { status: 'connected', updatedAt: new Date(Date.now() - 3 * 86_400_000).toISOString() },
      },
    ]);
    render();
    await screen.findByRole('heading', { name: `Gateway ${ID}` });
    expect(fact('Status')).toBe('Disconnected');
  });

  it('shows the 24-hour diagnostics with pass or fail from SPEC §9 thresholds, and the neighbours', async () => {
    const api = serveGateways([gateway]);
    render();
    const table = await screen.findByRole('table', { name: 'Diagnostics over the last 24 hours' });
    const rows = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((c) => c.textContent),
      );
    expect(rows).toEqual([
      ['Button (pass at 90%)', '95%', '4 of 4', 'Pass'],
      ['Coverage (pass at 90%)', '85%', '1 of 4', 'Fail'],
      ['Floor (pass at 51%)', '51%', '2 of 4', 'Pass'],
    ]);
    expect(api.calls('GET', '/api/metrics/gateways')[0]!.url.searchParams.get('gateway')).toBe(ID);
    const neighbours = screen.getByRole('table', { name: 'Neighbours' });
    expect(
      within(neighbours)
        .getAllByRole('link')
        .map((l) => l.textContent),
    ).toEqual(['b0a710000003', 'b0a710000002']);
    expect(within(neighbours).getByText('4.5 m')).toBeInTheDocument();
  });

  it('says when no diagnostics were reported, and when the gateway cannot be loaded', async () => {
    serveGateways([{ ...gateway, state: { status: 'connected' } }], { metrics: () => null });
    const { unmount } = render();
    expect(await screen.findByText('No diagnostics reported in the last 24 hours')).toBeInTheDocument();
    expect(screen.getByText('No neighbours reported')).toBeInTheDocument();
    unmount();
    serveGateways([]);
    render({ id: 'c0c0c0c0c0c0' });
    expect(await screen.findByText('Sorry, there was a problem: Gateway not found')).toBeInTheDocument();
  });

  it('edits labels and notes', async () => {
    const api = serveGateways([gateway]);
    render();
    await userEvent.click(await screen.findByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: `Edit gateway ${ID}` });
    const labels = within(dialog).getByLabelText('Labels');
    await userEvent.type(labels, 'guard{Enter}');
    const notes = within(dialog).getByRole('textbox', { name: 'Notes' });
    await userEvent.clear(notes);
    await userEvent.type(notes, 'Under the desk');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.bodies('PUT', `/api/gateways/${ID}`)).toHaveLength(1));
    expect(api.bodies('PUT', `/api/gateways/${ID}`)[0]).toEqual({
      labels: ['behind TV', 'guard'],
      notes: 'Under the desk',
      location: '11111111-1111-4111-8111-111111111111',
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('refuses a gateway without an area: Must specify unit and area', async () => {
    const api = serveGateways([{ ...gateway, config: { ...gateway.config, location: null } }]);
    render();
    await userEvent.click(await screen.findByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: `Edit gateway ${ID}` });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Must specify unit and area')).toBeInTheDocument();
    expect(api.bodies('PUT', `/api/gateways/${ID}`)).toEqual([]);
  });

  it('shows a failed save as SPEC §8’s could-not-update message', async () => {
    serveGateways([gateway], {
      onWrite: (method) => (method === 'PUT' ? json({ reason: 'Gateway not found' }, 404) : undefined),
    });
    render();
    await userEvent.click(await screen.findByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: `Edit gateway ${ID}` });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(
      await within(dialog).findByText('Sorry, could not update: Gateway not found.'),
    ).toBeInTheDocument();
  });

  describe('altitude override (SPEC §5)', () => {
    it('is hidden without the outdoor flag', async () => {
      serveGateways([gateway]);
      render();
      await userEvent.click(await screen.findByRole('button', { name: 'Edit' }));
      const dialog = await screen.findByRole('dialog', { name: `Edit gateway ${ID}` });
      expect(
        within(dialog).queryByRole('textbox', { name: 'Altitude override (m)' }),
      ).not.toBeInTheDocument();
    });

    it('is hidden from an outdoor user who may not update outdoor gateways', async () => {
      serveGateways([gateway]);
      render({
        flags: { outdoor: true },
        rules: [
          ...GATEWAY_ADMIN_RULES,
          { action: 'update', subject: 'Gateway', fields: ['outdoor'], inverted: true },
        ],
      });
      await userEvent.click(await screen.findByRole('button', { name: 'Edit' }));
      const dialog = await screen.findByRole('dialog', { name: `Edit gateway ${ID}` });
      expect(
        within(dialog).queryByRole('textbox', { name: 'Altitude override (m)' }),
      ).not.toBeInTheDocument();
    });

    it('is parsed as an integer, the flag set when it is one', async () => {
      const api = serveGateways([gateway]);
      render({ flags: { outdoor: true } });
      await userEvent.click(await screen.findByRole('button', { name: 'Edit' }));
      const dialog = await screen.findByRole('dialog', { name: `Edit gateway ${ID}` });
      const altitude = within(dialog).getByRole('textbox', { name: 'Altitude override (m)' });
      expect(altitude).toHaveValue('7');
      await userEvent.clear(altitude);
      await userEvent.type(altitude, '12.5');
      expect(within(dialog).getByText('Altitude must be a whole number of metres')).toBeInTheDocument();
      await userEvent.clear(altitude);
      await userEvent.type(altitude, '12');
      await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
      await waitFor(() => expect(api.bodies('PUT', `/api/gateways/${ID}`)).toHaveLength(1));
      expect(api.bodies('PUT', `/api/gateways/${ID}`)[0]).toMatchObject({
        coordinates: { lat: 40.1, lng: -75.2, alt: 12 },
        hasAltitudeOverride: true,
      });
    });

    it('cleared, drops the override', async () => {
      const api = serveGateways([gateway]);
      render({ flags: { outdoor: true } });
      await userEvent.click(await screen.findByRole('button', { name: 'Edit' }));
      const dialog = await screen.findByRole('dialog', { name: `Edit gateway ${ID}` });
      await userEvent.clear(within(dialog).getByRole('textbox', { name: 'Altitude override (m)' }));
      await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
      await waitFor(() => expect(api.bodies('PUT', `/api/gateways/${ID}`)).toHaveLength(1));
      expect(api.bodies('PUT', `/api/gateways/${ID}`)[0]).toMatchObject({
        coordinates: { lat: 40.1, lng: -75.2, alt: null },
        hasAltitudeOverride: false,
      });
    });
  });

  it('unassigns for an RMA only with a reason, and shows the result', async () => {
    const api = serveGateways([gateway]);
    render();
    await userEvent.click(await screen.findByRole('button', { name: 'Unassign' }));
    const dialog = await screen.findByRole('dialog', { name: `Unassign gateway ${ID}` });
    await userEvent.click(within(dialog).getByRole('radio', { name: 'RMA (return for repair)' }));
    const submit = within(dialog).getByRole('button', { name: 'Unassign' });
    expect(submit).toBeDisabled();
    expect(within(dialog).getByText(/becomes Ready for Return/)).toBeInTheDocument();
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'RMA reason' }), 'Cracked case');
    await userEvent.click(submit);
    await waitFor(() => expect(api.bodies('POST', `/api/gateways/${ID}/unassign`)).toHaveLength(1));
    expect(api.bodies('POST', `/api/gateways/${ID}/unassign`)[0]).toEqual({
      action: 'rma',
      rmaReason: 'Cracked case',
    });
    await waitFor(() => expect(fact('State')).toBe('Ready for Return'));
    expect(fact('Location')).toBe('Not assigned');
  });

  it('runs diagnostics', async () => {
    const api = serveGateways([gateway]);
    render();
    await userEvent.click(await screen.findByRole('button', { name: 'Run diagnostics' }));
    expect(
      await screen.findByText('Diagnostics requested: the gateway runs them after its next heartbeat.'),
    ).toBeInTheDocument();
    expect(api.calls('POST', `/api/gateways/${ID}/command/diag`)).toHaveLength(1);
  });

  it('lists the commands sent to the gateway and how far each got', async () => {
    serveGateways([
      detailOf(gateway, {
        commands: [
          {
            id: 'c1',
            gatewayId: ID,
            type: 'unassign',
            payload: { action: 'none' },
            actor: { id: 'u1', name: 'Dana Admin' },
            createdAt: '2026-06-01T10:00:00.000Z',
            deliveredAt: null,
            confirmedAt: null,
          },
        ],
      }),
    ]);
    render();
    const table = await screen.findByRole('table', { name: 'Commands' });
    expect(within(table).getByText('Unassign (none)')).toBeInTheDocument();
    expect(within(table).getByText('Waiting for the next heartbeat')).toBeInTheDocument();
  });

  it('offers no changes to a user who may only read gateways', async () => {
    serveGateways([gateway]);
    render({ rules: GATEWAY_VIEWER_RULES });
    await screen.findByRole('heading', { name: `Gateway ${ID}` });
    expect(screen.queryByRole('button', { name: 'Edit' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Unassign' })).not.toBeInTheDocument();
  });
});
