import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Map as MapLibreMap } from 'maplibre-gl';
import { keepMaps, prepareSpareMap, releaseMap, takeMap } from './map-pool';
import { Map as DoubleMap, maps } from './maplibre-test-double';
import { buildMapStyle } from './map-style';

// The floor map keeps one MapLibre map between visits (docs/BENCHMARKS.md 'Floor map'): the next
// FloorMap takes it instead of making a WebGL context and its shaders again.

const make = (container: HTMLDivElement) =>
  new DoubleMap({ container, style: buildMapStyle({ markers: [] }), zoom: 20 }) as unknown as MapLibreMap;
const double = (map: MapLibreMap) => map as unknown as DoubleMap;

beforeEach(() => {
  maps.length = 0;
  keepMaps(true);
});
afterEach(() => keepMaps(false));

async function loadedMap(host: HTMLElement) {
  const taken = takeMap(host, 'canvas', make);
  if (typeof taken === 'string') throw new Error(taken);
  double(taken.map).fire('load');
  await taken.ready;
  return taken;
}

describe('takeMap / releaseMap', () => {
  it('hands the kept map, emptied, to the next frame instead of making one', async () => {
    const first = document.createElement('div');
    const taken = await loadedMap(first);
    expect(first.contains(taken.container)).toBe(true);
    releaseMap(taken);
    expect(first.contains(taken.container)).toBe(false);
    expect(double(taken.map).removed).toBe(false);
    // Nothing of the visit stays drawn: the plain ground, no plan, no markers.
    expect(double(taken.map).style).toEqual(buildMapStyle({ plan: null, markers: [] }));

    const second = document.createElement('div');
    const again = takeMap(second, 'canvas', make);
    expect(again).toBe(taken);
    expect(second.contains(taken.container)).toBe(true);
    expect(maps).toHaveLength(1);
  });

  it('keeps one map only, and never one that had not loaded', async () => {
    const a = await loadedMap(document.createElement('div'));
    const b = await loadedMap(document.createElement('div'));
    const unloaded = takeMap(document.createElement('div'), 'canvas', make);
    if (typeof unloaded === 'string') throw new Error(unloaded);
    releaseMap(unloaded);
    expect(double(unloaded.map).removed).toBe(true);
    releaseMap(a);
    releaseMap(b);
    expect(double(a.map).removed).toBe(false);
    expect(double(b.map).removed).toBe(true);
  });

  it("a kept map's clicks reach only the FloorMap holding it", async () => {
    const taken = await loadedMap(document.createElement('div'));
    const picked: (string | null)[] = [];
    taken.select.marker = (id) => picked.push(id);
    releaseMap(taken);
    taken.select.marker('after');
    expect(picked).toEqual([]);
  });

  it('says why when no map can be made, leaving nothing in the frame', () => {
    const host = document.createElement('div');
    expect(takeMap(host, 'canvas', () => 'WebGL is off')).toBe('WebGL is off');
    expect(host.childElementCount).toBe(0);
  });

  it('makes the kept map ahead of the first visit, off the screen, and hands it over once drawn', async () => {
    const size = { width: 900, height: 600 };
    prepareSpareMap('canvas', make, size);
    expect(maps).toHaveLength(1);
    const warm = maps[0]!;
    const offscreen = warm.getCanvas().parentElement!.parentElement!;
    expect(offscreen.style).toMatchObject({ position: 'fixed', width: '900px', height: '600px' });
    expect(offscreen.inert).toBe(true);
    expect(offscreen.hasAttribute('aria-hidden')).toBe(false);
    // Not kept until it has loaded and drawn: a visit now makes its own.
    warm.fire('load');
    warm.fire('idle');
    expect(document.body.contains(offscreen)).toBe(false);
    // A second call while one is kept makes nothing.
    prepareSpareMap('canvas', make, size);
    expect(maps).toHaveLength(1);

    const frame = document.createElement('div');
    const taken = takeMap(frame, 'canvas', make);
    if (typeof taken === 'string') throw new Error(taken);
    expect(double(taken.map)).toBe(warm);
    expect(frame.contains(taken.container)).toBe(true);
    expect(taken.container.className).toBe('canvas');
    expect(warm.style).toEqual(buildMapStyle({ plan: null, markers: [] }));
  });

  it('makes none ahead while a map is on the screen (the console opened on one)', async () => {
    const shown = await loadedMap(document.createElement('div'));
    prepareSpareMap('canvas', make, { width: 900, height: 600 });
    expect(maps).toHaveLength(1);
    releaseMap(shown);
    prepareSpareMap('canvas', make, { width: 900, height: 600 });
    // The map shown was kept when it went: still none made.
    expect(maps).toHaveLength(1);
  });

  it('hands a map still being made ahead of time to the FloorMap that asks first, making no second one', () => {
    prepareSpareMap('canvas', make, { width: 900, height: 600 });
    const warm = maps[0]!;
    const offscreen = warm.getCanvas().parentElement!.parentElement!;
    const frame = document.createElement('div');
    const taken = takeMap(frame, 'canvas', make);
    if (typeof taken === 'string') throw new Error(taken);
    expect(maps).toHaveLength(1);
    expect(double(taken.map)).toBe(warm);
    expect(frame.contains(taken.container)).toBe(true);
    expect(document.body.contains(offscreen)).toBe(false);
    // Its first draw ends later: it stays the FloorMap's, not put in the pool (another FloorMap makes its own).
    warm.fire('load');
    warm.fire('idle');
    expect(frame.contains(taken.container)).toBe(true);
    const other = takeMap(document.createElement('div'), 'canvas', make);
    if (typeof other === 'string') throw new Error(other);
    expect(double(other.map)).not.toBe(warm);
    expect(maps).toHaveLength(2);
  });
});
