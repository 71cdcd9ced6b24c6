import { queryOptions, useQuery } from '@tanstack/react-query';
import { SUGGESTION_MAX, type GeoBounds } from '@vigil/domain';
import { API_BASE, api } from './client';
import type { ImageSignature } from './floorplans';

// The deployment's optional map providers (SPEC §2.7, §9: satellite or map layers, US address
// search), reached through our server only (issue 15: the map is air-gapped).

/** GET map/config: which of the optional layers and the address search the deployment configured. */
export type MapConfig = { streets: boolean; satellite: boolean; search: boolean };
/** The raster layers a deployment may name (MAP_TILES_URL, MAP_SATELLITE_URL). */
export type BasemapLayer = 'streets' | 'satellite';
/** One answer of the address search: its name, point, and the area it covers when known. */
export type GeocodedPlace = { name: string; lat: number; lng: number; bounds?: GeoBounds };

export const basemapKeys = {
  all: ['basemap'] as const,
  config: () => [...basemapKeys.all, 'config'] as const,
};

export const basemapQueries = {
  /** A deployment's settings change only with a restart: read once a session, kept an hour. */
  config: () =>
    queryOptions({
      queryKey: basemapKeys.config(),
      queryFn: ({ signal }) => api.get<MapConfig>('map/config', { signal }),
      staleTime: 60 * 60_000,
    }),
};

export function useMapConfig() {
  return useQuery(basemapQueries.config());
}

/** GET map/geocode: US places matching `q`, at most SPEC §9's 10 suggestions. */
export async function geocodeAddress(q: string, signal?: AbortSignal): Promise<GeocodedPlace[]> {
  const answer = await api.get<{ results: GeocodedPlace[] }>('map/geocode', {
    query: { q, limit: SUGGESTION_MAX },
    signal,
  });
  return answer.results;
}

/**
 * The XYZ template of a layer's tiles on our server. MapLibre fetches tiles itself, without our
 * headers, so the URL carries the image signature as the plan tiles' do; a whole URL, on the
 * API's origin.
 */
export function basemapTilesUrl(layer: BasemapLayer, signature: ImageSignature): string {
  const path = `${API_BASE}/map/tiles/${layer}/{z}/{x}/{y}?signature=${encodeURIComponent(signature.signature)}`;
  const url = new URL(path, window.location.origin).toString();
  return url.replaceAll('%7B', '{').replaceAll('%7D', '}');
}
