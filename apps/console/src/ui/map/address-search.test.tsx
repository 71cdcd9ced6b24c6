import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { json, stubFetch } from '../../test/fetch-stub';
import { stubLayout } from '../../test/layout-stub';
import { renderWithProviders } from '../../test/render';
import type { GeocodedPlace, MapConfig } from '../../api/basemap';
import { AddressSearch } from './address-search';

const BELLEVUE: GeocodedPlace = {
  name: 'Bellevue Hospital, 1st Avenue, New York, United States',
  lat: 40.74205,
  lng: -73.9741,
  bounds: [-73.977, 40.74, -73.971, 40.744],
};
const CHICAGO: GeocodedPlace = {
  name: 'Chicago General Hospital, Chicago, United States',
  lat: 41.8781,
  lng: -87.6298,
};

beforeEach(() => stubLayout());

/** The server: its map config, and a geocoder answering `places` (or the given Response). */
function serve(config: Partial<MapConfig>, places: GeocodedPlace[] | Response = [BELLEVUE, CHICAGO]) {
  return stubFetch((url) => {
    if (url.pathname === '/api/map/config')
      return { streets: false, satellite: false, search: false, ...config };
    if (url.pathname === '/api/map/geocode') return places instanceof Response ? places : { results: places };
    return json({ reason: `unexpected ${url.pathname}` }, 404);
  });
}

function renderSearch() {
  const onPick = vi.fn();
  renderWithProviders(<AddressSearch onPick={onPick} />);
  return { onPick };
}

/** The search field, once the server said a geocoder is configured. */
async function searchField() {
  await screen.findByText('US addresses only');
  return screen.getByRole('textbox', { name: 'Find an address' });
}

const geocodeCalls = (fetch: ReturnType<typeof serve>) =>
  fetch.mock.calls
    .map(([input]) => new URL(String(input), 'http://localhost'))
    .filter((u) => u.pathname === '/api/map/geocode');

describe('AddressSearch (SPEC §2.7, §9: address search for plan placement, US only)', () => {
  it('says the search is not configured when the server has no geocoder', async () => {
    const fetch = serve({ search: false });
    renderSearch();
    const field = await screen.findByRole('textbox', { name: 'Find an address' });
    expect(field).toBeDisabled();
    expect(await screen.findByText('Address search is not configured')).toBeInTheDocument();
    expect(field).toHaveAccessibleDescription('Address search is not configured');
    expect(geocodeCalls(fetch)).toHaveLength(0);
  });

  it('asks the server once typing pauses, at most 10 places, and flies to the one picked', async () => {
    const fetch = serve({ search: true });
    const { onPick } = renderSearch();
    const field = await searchField();
    await userEvent.type(field, 'hospital');
    await userEvent.click(await screen.findByRole('option', { name: /Bellevue Hospital/ }));
    expect(onPick).toHaveBeenCalledWith({
      lngLat: [-73.9741, 40.74205],
      bounds: [-73.977, 40.74, -73.971, 40.744],
      name: BELLEVUE.name,
    });
    expect(field).toHaveValue(BELLEVUE.name);
    const calls = geocodeCalls(fetch);
    expect(calls).toHaveLength(1);
    expect(Object.fromEntries(calls[0]!.searchParams)).toEqual({ q: 'hospital', limit: '10' });
  });

  it('picks with the keyboard; a place without bounds flies to its point', async () => {
    serve({ search: true });
    const { onPick } = renderSearch();
    await userEvent.type(await searchField(), 'hospital');
    await screen.findByRole('option', { name: /Chicago/ });
    await userEvent.keyboard('{ArrowDown}{ArrowDown}{Enter}');
    expect(onPick).toHaveBeenCalledWith({ lngLat: [-87.6298, 41.8781], name: CHICAGO.name });
  });

  it('asks nothing for fewer than 3 characters', async () => {
    const fetch = serve({ search: true });
    renderSearch();
    await userEvent.type(await searchField(), 'ho');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(geocodeCalls(fetch)).toHaveLength(0);
  });

  it('says when nothing matches', async () => {
    serve({ search: true }, []);
    renderSearch();
    await userEvent.type(await searchField(), 'nowhere at all');
    expect(await screen.findByText('No matches')).toBeInTheDocument();
  });

  it("shows the server's reason when the geocoder is down", async () => {
    serve({ search: true }, json({ reason: 'The address search could not be reached (ECONNREFUSED)' }, 502));
    renderSearch();
    await userEvent.type(await searchField(), 'main street');
    expect(
      await screen.findByText(
        /Sorry, there was a problem: The address search could not be reached \(ECONNREFUSED\)/,
      ),
    ).toBeInTheDocument();
  });
});
