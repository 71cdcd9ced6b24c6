import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { GeoBounds, Zone } from '@vigil/domain';
import { floorplanQueries, planTilesUrl } from '../../api/floorplans';
import { floorPlanOf, type FloorPlan } from './floor-plan';
import type { PlanTiles } from './map-style';
import { useTileSignature } from './tile-signature';

/** A floor's plan, the tiles FloorMap draws it with, and the plan's bounds once known. */
export type FloorPlanTiles = {
  plan: FloorPlan | null;
  /** Null while the image signature is not known, or when the floor has no plan. */
  tiles: PlanTiles | null;
  /** From the plan's corners, else its tilemapresource; null when neither is known. */
  bounds: GeoBounds | null;
};

/**
 * SPEC §2.7, §7: the plan tiles of a floor (undefined while it loads), read from image storage with
 * the image signature (checked every 30 s, see useTileSignature); a floor whose config holds no plan
 * geometry takes its bounds from the plan's tilemapresource.
 */
export function useFloorPlanTiles(floor: Pick<Zone, 'id' | 'config'> | undefined): FloorPlanTiles {
  const plan = useMemo(() => (floor ? floorPlanOf(floor) : null), [floor]);
  const floorId = floor?.id ?? '';
  const signature = useTileSignature(useQuery(floorplanQueries.signature(plan !== null)).data);
  const tileMap = useQuery({
    ...floorplanQueries.tileMap(floorId, plan?.planId ?? '', signature),
    enabled: plan !== null && plan.bounds === null && signature !== undefined,
  });
  const bounds = plan?.bounds ?? tileMap.data?.bounds ?? null;
  const tiles = useMemo<PlanTiles | null>(
    () => (plan && signature ? { url: planTilesUrl(signature, floorId, plan.planId), bounds } : null),
    [plan, signature, floorId, bounds],
  );
  return { plan, tiles, bounds };
}
