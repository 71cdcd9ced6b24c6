import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import {
  BRIDGE_SKUS,
  GATEWAY_MAP_STATES,
  MAX_GATEWAYS_PER_LOAD,
  NODE_SKUS,
  PAGE_LIMIT,
  SIGNATURE_CHECK_MS,
  gatewayListSchema,
  tileMapResourceSchema,
  zoneListSchema,
  zoneSchema,
  type Gateway,
  type TileMapResource,
  type Zone,
} from '@vigil/domain';
import { api, type Query } from './client';

// The floor-plan map's reads (SPEC §2.7, §7): the floors to choose from, the gateways placed on a
// floor, and the image signature its plan tiles are read with.

const oneZone: z.ZodType<Zone> = zoneSchema;
const zonePage: z.ZodType<{ data: Zone[]; total: number }> = zoneListSchema;
const gatewayPage: z.ZodType<{ data: Gateway[]; total: number }> = gatewayListSchema;
const tileMapResource: z.ZodType<TileMapResource> = tileMapResourceSchema;

/** GET storage/signature/images: the signature, its expiry and the URL prefix of the organisation's images. */
export type ImageSignature = { signature: string; expiresAt: string; url: string };

/** The floors of the caller's scope, with the buildings and sites they are in (for their names). */
export type FloorDirectory = { floors: Zone[]; buildings: Zone[]; sites: Zone[] };

export const floorplanKeys = {
  all: ['floorplans'] as const,
  floors: () => [...floorplanKeys.all, 'floors'] as const,
  /** The zones under a floor, which its gateways are located in. */
  places: (floorId: string) => [...floorplanKeys.all, 'places', floorId] as const,
  gateways: (floorId: string) => [...floorplanKeys.all, 'gateways', floorId] as const,
  signature: () => [...floorplanKeys.all, 'signature'] as const,
  tileMap: (floorId: string, planId: string) => [...floorplanKeys.all, 'tile-map', floorId, planId] as const,
  /** The floor a zone is (or is under), e.g. a gateway's location. */
  floorOf: (zoneId: string) => [...floorplanKeys.all, 'floor-of', zoneId] as const,
};

/** GET zones?level=… : one page of the largest size (SPEC §9: 500), in the caller's scope, by name. */
function zonesAt(level: string, signal: AbortSignal) {
  return api.get('zones', { query: { level, orderBy: 'name', limit: PAGE_LIMIT }, signal, schema: zonePage });
}

/**
 * SPEC §7 map gateways: GET gateways with limit 500, config.state deployed or ready_to_deploy, located
 * on the floor (the floor or any zone under it: a gateway is placed in an area, docs/API.md), with
 * coordinates, and the unit and area names. An outdoor floor asks for the outdoor SKUs (nodes and
 * bridges); an indoor one for the gateway list's indoor family.
 */
export function mapGatewaysQuery(places: readonly string[], outdoor: boolean): Query {
  const where = {
    'config.location': { $in: places },
    'config.coordinates': { $exists: true },
    ...(outdoor ? { 'config.logistics.sku': { $in: [...NODE_SKUS, ...BRIDGE_SKUS] } } : {}),
  };
  return {
    sku: outdoor ? 'all' : 'indoor',
    limit: MAX_GATEWAYS_PER_LOAD,
    'config.state': GATEWAY_MAP_STATES,
    where: JSON.stringify(where),
    locationFields: 'unit,area',
  };
}

/** The XYZ template of a plan's tiles in image storage: `<signature url>/plans/<floor>/<plan>/{z}/{x}/{y}.png`. */
export function planTilesUrl(signature: ImageSignature, floorId: string, planId: string): string {
  return absolute(`${planFolder(signature, floorId, planId)}/{z}/{x}/{y}.png`);
}

/** Where a plan's tilemapresource (its bounds and zooms) is read. */
export function tileMapResourceUrl(signature: ImageSignature, floorId: string, planId: string): string {
  return absolute(`${planFolder(signature, floorId, planId)}/tilemapresource.json`);
}

function planFolder(signature: ImageSignature, floorId: string, planId: string): string {
  return `${signature.url}/plans/${encodeURIComponent(floorId)}/${encodeURIComponent(planId)}`;
}

// MapLibre fetches tiles itself: give it whole URLs, on the API's origin (VITE_API_BASE, or this one).
function absolute(path: string): string {
  const base = (import.meta.env.VITE_API_BASE as string | undefined) || window.location.origin;
  return new URL(path, base).toString().replaceAll('%7B', '{').replaceAll('%7D', '}');
}

export const floorplanQueries = {
  /** The floors of the caller's scope and the buildings and sites that name them (SPEC §2.7 floor selector). */
  floors: () =>
    queryOptions({
      queryKey: floorplanKeys.floors(),
      queryFn: async ({ signal }): Promise<FloorDirectory> => {
        const [floors, buildings, sites] = await Promise.all(
          ['floor', 'building', 'site'].map((level) => zonesAt(level, signal)),
        );
        return { floors: floors!.data, buildings: buildings!.data, sites: sites!.data };
      },
      staleTime: 60_000,
    }),
  /** The floor and the zones under it (units, and the areas in them): where its gateways are located. */
  places: (floorId: string) =>
    queryOptions({
      queryKey: floorplanKeys.places(floorId),
      queryFn: async ({ signal }) => {
        const children = async (parents: string[]) =>
          parents.length === 0
            ? []
            : (
                await api.get('zones', {
                  query: { where: JSON.stringify({ parent: { $in: parents } }), limit: PAGE_LIMIT },
                  signal,
                  schema: zonePage,
                })
              ).data.map((zone) => zone.id);
        const units = await children([floorId]);
        return [floorId, ...units, ...(await children(units))];
      },
      staleTime: 60_000,
    }),
  /** SPEC §7 map gateways of a floor (see mapGatewaysQuery), once its places are known. */
  gateways: (floorId: string, places: readonly string[] | undefined, outdoor: boolean) =>
    queryOptions({
      queryKey: [...floorplanKeys.gateways(floorId), { outdoor }] as const,
      queryFn: ({ signal }) =>
        api.get('gateways', {
          query: mapGatewaysQuery(places ?? [floorId], outdoor),
          signal,
          schema: gatewayPage,
        }),
      enabled: places !== undefined,
    }),
  /**
   * SPEC §7, §9 GET storage/signature/images: checked every 30 s (the server answers the same
   * signature for minutes, so the tile URLs and their cache hold), valid 30 min.
   */
  signature: (enabled: boolean) =>
    queryOptions({
      queryKey: floorplanKeys.signature(),
      queryFn: ({ signal }) => api.get<ImageSignature>('storage/signature/images', { signal }),
      refetchInterval: SIGNATURE_CHECK_MS,
      staleTime: SIGNATURE_CHECK_MS,
      enabled,
    }),
  /** A plan's tilemapresource: its bounds, for a floor whose config holds no plan geometry. */
  tileMap: (floorId: string, planId: string, signature: ImageSignature | undefined) =>
    queryOptions({
      queryKey: floorplanKeys.tileMap(floorId, planId),
      queryFn: async ({ signal }) => {
        const res = await fetch(tileMapResourceUrl(signature!, floorId, planId), { signal });
        return res.ok ? tileMapResource.parse(await res.json()) : null;
      },
      enabled: Boolean(signature),
      staleTime: Infinity,
    }),
  /**
   * The floor a zone is, or is under (a gateway's location is an area of a unit of a floor), with
   * its config (the plan); null when the zone is under no floor. GET zones/{id}?context=true names
   * the zone's ancestors; the floor is then read itself.
   */
  floorOf: (zoneId: string | null | undefined) =>
    queryOptions({
      queryKey: floorplanKeys.floorOf(zoneId ?? ''),
      queryFn: async ({ signal }): Promise<Zone | null> => {
        const zone = await api.get(`zones/${encodeURIComponent(zoneId ?? '')}`, {
          query: { context: true },
          signal,
          schema: oneZone,
        });
        if (zone.level === 'floor') return zone;
        const floor = zone.context?.find((ancestor) => ancestor.level === 'floor');
        if (!floor) return null;
        return api.get(`zones/${encodeURIComponent(floor.id)}`, { signal, schema: oneZone });
      },
      enabled: Boolean(zoneId),
      staleTime: 60_000,
    }),
};

export function useFloorDirectory() {
  return useQuery(floorplanQueries.floors());
}
