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
/** Maps held by a FloorMap now. */
let inUse = 0;

/** Turns keeping a map on or off (tests); turning it off removes the kept one and forgets those in use. */
export function keepMaps(on: boolean): void {
  keepAMap = on;
  if (!on) {
    inUse = 0;
    warming?.host.remove();
    warming = null;
  }
  if (!on && spare) {
    spare.map.remove();
    spare = null;
  }
}
let spare: PooledMap | null = null;
/** The map prepareSpareMap is making off the screen, until it has drawn (then it is the spare). */
let warming: { pooled: PooledMap; host: HTMLElement } | null = null;

/**
 * The kept map, placed in `host` and resized to it, or a new one `make` draws in a new container
 * there; a string says why no map could be made.
 */
export function takeMap(
  host: HTMLElement,
  className: string,
  make: (container: HTMLDivElement, select: SelectHandlers) => MapLibreMap | string,
): PooledMap | string {
  // A map still being made ahead of time is taken as it is: one map, not two (a console opened
  // straight onto a floor, whose idle prefetch began before the floor's data had come).
  const early = warming;
  warming = null;
  if (early) early.host.remove();
  const kept = spare ?? early?.pooled ?? null;
  spare = null;
  const taken = takeMapFrom(kept, host, className, make);
  if (typeof taken !== 'string') inUse += 1;
  return taken;
}

function takeMapFrom(
  kept: PooledMap | null,
  host: HTMLElement,
  className: string,
  make: (container: HTMLDivElement, select: SelectHandlers) => MapLibreMap | string,
): PooledMap | string {
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
 * Makes the kept map ahead of the first visit (the floor plans' idle prefetch): in a container off
 * the screen, `width` × `height` CSS pixels, drawn once with `style` (so MapLibre has compiled what a
 * floor's markers need), then emptied and kept. Nothing when a map is kept or shown already, or
 * keeping is off.
 */
export function prepareSpareMap(
  className: string,
  make: (container: HTMLDivElement, select: SelectHandlers) => MapLibreMap | string,
  { width, height }: { width: number; height: number },
): void {
  // A map on the screen already (the console was opened on one) is the one the pool will keep.
  if (!keepAMap || spare || warming || inUse > 0) return;
  const host = document.createElement('div');
  // Inert, not aria-hidden: the map's canvas is focusable, and a focusable element inside
  // aria-hidden is an axe violation (aria-hidden-focus); inert takes it out of focus and of the
  // accessibility tree alike.
  host.inert = true;
  Object.assign(host.style, {
    position: 'fixed',
    left: '-10000px',
    top: '0',
    width: `${width}px`,
    height: `${height}px`,
    pointerEvents: 'none',
  });
  document.body.appendChild(host);
  const made = takeMapFrom(null, host, className, make);
  if (typeof made === 'string') {
    host.remove();
    return;
  }
  warming = { pooled: made, host };
  made.map.once('idle', () => {
    // Taken by a FloorMap meanwhile: it is that FloorMap's now.
    if (warming?.pooled !== made) return;
    warming = null;
    host.remove();
    keepOrRemove(made);
  });
}

/**
 * A FloorMap is done with its map: kept (emptied, so the next visit never shows another floor's
 * plan or markers, and what editors added goes with a full style) when none is kept yet, else removed.
 */
export function releaseMap(pooled: PooledMap): void {
  inUse -= 1;
  keepOrRemove(pooled);
}

function keepOrRemove(pooled: PooledMap): void {
  pooled.select.marker = ignore;
  pooled.container.remove();
  if (!keepAMap || spare || !pooled.loaded) {
    pooled.map.remove();
    return;
  }
  pooled.map.setStyle(buildMapStyle({ plan: null, markers: [] }));
  spare = pooled;
}
