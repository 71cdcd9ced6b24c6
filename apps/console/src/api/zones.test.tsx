import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '../test/render';
import { DEMO_ZONES, serveZones } from '../test/zone-server';
import { useCreateZone, useDeleteZone, useOrganisationZone, useUpdateZone, useZone } from './zones';

function Probe() {
  const org = useOrganisationZone();
  const floor = useZone('floor-1', { context: true });
  const create = useCreateZone();
  const update = useUpdateZone();
  const remove = useDeleteZone();
  return (
    <div>
      <p>org: {org.data?.name}</p>
      <p>path: {floor.data?.context?.map((z) => z.name).join(' › ')}</p>
      <button onClick={() => create.mutate({ name: 'Ward 4', level: 'area', parent: 'floor-1' })}>
        create
      </button>
      <button onClick={() => update.mutate({ id: 'floor-1', name: 'Floor One' })}>update</button>
      <button onClick={() => remove.mutate('ward-3')}>delete</button>
    </div>
  );
}

const calls = (fetch: ReturnType<typeof serveZones>['fetch']) =>
  fetch.mock.calls.map(([input, init]) => `${init?.method ?? 'GET'} ${String(input)}`);

describe('zone queries', () => {
  it("reads the caller's organisation and a zone's context path", async () => {
    const { fetch } = serveZones(DEMO_ZONES);
    renderWithProviders(<Probe />);
    expect(await screen.findByText('org: Acme')).toBeInTheDocument();
    expect(await screen.findByText('path: Acme › Main site › Building A › Floor 1')).toBeInTheDocument();
    expect(calls(fetch)).toEqual(
      expect.arrayContaining(['GET /api/zones?level=org&limit=1', 'GET /api/zones/floor-1?context=true']),
    );
  });

  it.each([
    ['create', 'POST /api/zones', { name: 'Ward 4', level: 'area', parent: 'floor-1' }],
    ['update', 'PUT /api/zones/floor-1', { name: 'Floor One' }],
    ['delete', 'DELETE /api/zones/ward-3', undefined],
  ])('%s sends %s and refreshes every zone query', async (button, call, body) => {
    const { fetch } = serveZones(DEMO_ZONES);
    renderWithProviders(<Probe />);
    await screen.findByText('path: Acme › Main site › Building A › Floor 1');
    await userEvent.click(screen.getByRole('button', { name: button }));
    await waitFor(() => expect(calls(fetch)).toContain(call));
    const sent = fetch.mock.calls.find((_, i) => calls(fetch)[i] === call);
    expect(sent?.[1]?.body === undefined ? undefined : JSON.parse(String(sent[1].body))).toEqual(body);
    const count = (c: string) => calls(fetch).filter((x) => x === c).length;
    await waitFor(() => {
      expect(count('GET /api/zones?level=org&limit=1')).toBe(2);
      expect(count('GET /api/zones/floor-1?context=true')).toBe(2);
    });
  });
});
