import type { Map as MapLibreMap } from 'maplibre-gl';
import { buildMapStyle } from './map-style';

// One MapLibre map kept between visits (docs/BENCHMARKS.md 'Floor map'): making a map costs a WebGL
// context and its shaders compiled (on the CPU without a GPU) — about 400 ms of every visit to the
// floor map here. A map whose screen goes is emptied and kept; the next FloorMap takes it, moves its
// container into its own frame and styles it, instead of making one.

/** What a map's clicks call: swapped as the map passes from one FloorMap to the next. */
export type SelectHandlers = { marker: (id: string | null) => void };

export type PooledMap = {
  map: MapLibreMap;
  /** The element MapLibre draws in: moved from frame to frame. */
  container: HTMLDivElement;
  select: SelectHandlers;
  /** Settles once the map's first style has loaded (at once for a kept map). */
  ready: Promise<void>;
  loaded: boolean;
};

const ignore = () => undefined;
/** vitest's maps are test doubles, each test its own (map-pool.test.ts turns keeping on); a browser keeps one. */
let keepAMap = import.meta.env.MODE !== 'test';

/** Turns keeping a map on or off (tests); turning it off removes the kept one. */
export function keepMaps(on: boolean): void {
  keepAMap = on;
  if (!on && spare) {
    spare.map.remove();
    spare = null;
  }
}
let spare: PooledMap | null = null;

/**
 * The kept map, placed in `host` and resized to it, or a new one `make` draws in a new container
 * there; a string says why no map could be made.
 */
export function takeMap(
  host: HTMLElement,
  className: string,
  make: (container: HTMLDivElement, select: SelectHandlers) => MapLibreMap | string,
): PooledMap | string {
  const kept = spare;
  spare = null;
  if (kept) {
    host.appendChild(kept.container);
    kept.map.resize();
    return kept;
  }
  const container = document.createElement('div');
  container.className = className;
  host.appendChild(container);
  const select: SelectHandlers = { marker: ignore };
  const map = make(container, select);
  if (typeof map === 'string') {
    container.remove();
    return map;
  }
  const pooled: PooledMap = { map, container, select, loaded: false, ready: Promise.resolve() };
  pooled.ready = new Promise((resolve) =>
    map.once('load', () => {
      pooled.loaded = true;
      resolve();
    }),
  );
  return pooled;
}

/**
 * A FloorMap is done with its map: kept (emptied, so the next visit never shows another floor's
 * plan or markers, and what editors added goes with a full style) when none is kept yet, else removed.
 */
export function releaseMap(pooled: PooledMap): void {
  pooled.select.marker = ignore;
  pooled.container.remove();
  if (!keepAMap || spare || !pooled.loaded) {
    pooled.map.remove();
    return;
  }
  pooled.map.setStyle(buildMapStyle({ plan: null, markers: [] }));
  spare = pooled;
}
