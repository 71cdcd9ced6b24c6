import type { QueryClient } from '@tanstack/react-query';
import { floorplanQueries } from '../../api/floorplans';
import { isOutdoorFloor } from '../../ui/map/floor-plan';
import { loadFloorMapChunk } from '../../ui/map/floor-map';
import { firstFloorId, floorGroups } from './floor-options';

// Floor plans are one step from every alert (the map, the alert's floor panel). Opening them the
// first time used to wait for the screen's and the map's chunks, the floors, and the first floor's
// zones and up to 500 gateways: some 530 ms of a first visit's 750 here (docs/BENCHMARKS.md 'Floor
// map', run D). While the console is idle, this loads the chunks, makes the map the first visit
// takes (ui/map/map-pool.ts), and puts the floor Floor Plans opens on (the selector's first) in the
// query cache; the screen shows it at once and refreshes it behind, as on any later visit.

/** Fired on the document when the prefetch is done (bench/floor-map-probe.mjs notes it; nothing else listens). */
export const PREFETCHED_EVENT = 'floor-plans:prefetched';

/**
 * Prefetches the floor plans once the browser is idle, for a role that reads them; `listsGateways`
 * adds the first floor's data (the map's markers). Returns a cancel for the shell's effect. A failure
 * is left to the screen, which asks again.
 */
export function prefetchFloorPlans(queryClient: QueryClient, listsGateways: boolean): () => void {
  // A browser without idle callbacks (Safari, jsdom) loads all of it when the screen is first shown.
  if (typeof window.requestIdleCallback !== 'function') return () => undefined;
  let cancelled = false;
  const handle = window.requestIdleCallback(() => {
    void (async () => {
      const [, map] = await Promise.all([import('./floorplans-screen'), loadFloorMapChunk()]);
      if (cancelled) return;
      map.prewarmFloorMap();
      if (listsGateways) await prefetchFirstFloor(queryClient);
      if (!cancelled) document.dispatchEvent(new CustomEvent(PREFETCHED_EVENT));
    })().catch(() => undefined);
  });
  return () => {
    cancelled = true;
    window.cancelIdleCallback(handle);
  };
}

/** The floors, and the zones and gateways of the floor the screen opens on without one named. */
async function prefetchFirstFloor(queryClient: QueryClient): Promise<void> {
  const directory = await queryClient.fetchQuery(floorplanQueries.floors());
  const groups = floorGroups(directory);
  if (groups.length === 0) return;
  const floor = directory.floors.find((f) => f.id === firstFloorId(groups));
  if (!floor) return;
  const places = await queryClient.fetchQuery(floorplanQueries.places(floor.id));
  await queryClient.prefetchQuery(floorplanQueries.gateways(floor.id, places, isOutdoorFloor(floor)));
}
