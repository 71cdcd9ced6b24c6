// A stand-in for the 'maplibre-gl' module in component tests: jsdom has no WebGL, so tests replace
// the module boundary (vi.mock('maplibre-gl', () => import('…/maplibre-test-double'))) and check
// what the widget asks of MapLibre: the style it draws, the camera, the labels, the clicks.
// Only what FloorMapGl calls is here.

type Listener = (event: Record<string, unknown>) => void;

/** Every map made since the last `resetMaps()`, newest last. */
export const maps: Map[] = [];
/** The worker URL given to setWorkerUrl. */
export let workerUrl: string | null = null;
/** Makes the next `new Map()` throw this, as MapLibre does without WebGL. */
export let failNextMap: Error | null = null;

export function resetMaps() {
  maps.length = 0;
  failNextMap = null;
}

export function failNext(error: Error) {
  failNextMap = error;
}

export function setWorkerUrl(url: string) {
  workerUrl = url;
}

export class Map {
  options: Record<string, unknown>;
  style: unknown;
  zoom: number;
  minZoom: number;
  removed = false;
  fitted: unknown[] = [];
  eased: unknown[] = [];
  jumped: unknown[] = [];
  /** What queryRenderedFeatures answers: the features under the next click. */
  featuresUnderPointer: { source?: string; properties: Record<string, unknown> }[] = [];
  private listeners: { type: string; layer?: string; fn: Listener; once: boolean }[] = [];
  private canvas = document.createElement('canvas');
  touchZoomRotate = { disableRotation: () => {} };

  constructor(options: Record<string, unknown>) {
    if (failNextMap) {
      const error = failNextMap;
      failNextMap = null;
      throw error;
    }
    this.options = options;
    this.style = options.style;
    this.zoom = options.zoom as number;
    this.minZoom = options.minZoom as number;
    (options.container as HTMLElement).appendChild(this.canvas);
    maps.push(this);
  }

  on(type: string, layerOrFn: string | Listener, fn?: Listener) {
    this.listeners.push(
      typeof layerOrFn === 'string'
        ? { type, layer: layerOrFn, fn: fn!, once: false }
        : { type, fn: layerOrFn, once: false },
    );
    return this;
  }

  once(type: string, fn: Listener) {
    this.listeners.push({ type, fn, once: true });
    return this;
  }

  off(type: string, fn: Listener) {
    const at = this.listeners.findIndex((l) => l.type === type && l.fn === fn);
    if (at >= 0) this.listeners.splice(at, 1);
    return this;
  }

  resize() {
    return this;
  }

  /** Fires an event as MapLibre would (e.g. 'load', 'click', 'error'). */
  fire(type: string, event: Record<string, unknown> = {}) {
    for (const listener of [...this.listeners]) {
      if (listener.type !== type) continue;
      if (listener.once) this.listeners.splice(this.listeners.indexOf(listener), 1);
      listener.fn(event);
    }
  }

  setStyle(style: unknown) {
    this.style = style;
    return this;
  }
  getCanvas() {
    return this.canvas;
  }
  getZoom() {
    return this.zoom;
  }
  getMinZoom() {
    return this.minZoom;
  }
  /** As MapLibre: a minimum above the current zoom zooms in to it. */
  setMinZoom(zoom: number) {
    this.minZoom = zoom;
    if (this.zoom < zoom) {
      this.zoom = zoom;
      this.fire('zoom');
    }
    return this;
  }
  zoomIn() {
    this.zoom += 1;
    this.fire('zoom');
  }
  zoomOut() {
    this.zoom -= 1;
    this.fire('zoom');
  }
  fitBounds(bounds: unknown, options: unknown) {
    this.fitted.push({ bounds, options });
    return this;
  }
  jumpTo(options: unknown) {
    this.jumped.push(options);
    return this;
  }
  easeTo(options: unknown) {
    this.eased.push(options);
    return this;
  }
  /** Nothing is in view: a marker chosen elsewhere is always brought into it. */
  getBounds() {
    return { contains: () => false };
  }
  queryRenderedFeatures() {
    return this.featuresUnderPointer;
  }
  remove() {
    this.removed = true;
  }
}

/** The labels placed on the maps (HTML markers), current ones only. */
export const markers: Marker[] = [];

export class Marker {
  element: HTMLElement;
  lngLat: unknown = null;
  constructor(options: { element: HTMLElement }) {
    this.element = options.element;
  }
  setLngLat(lngLat: unknown) {
    this.lngLat = lngLat;
    return this;
  }
  addTo(map: Map) {
    (map.options.container as HTMLElement).appendChild(this.element);
    markers.push(this);
    return this;
  }
  remove() {
    this.element.remove();
    markers.splice(markers.indexOf(this), 1);
  }
}

/** MapLibre's worker pool, started ahead of the first map: nothing to start here. */
export function prewarm(): void {}

/** The SPEC §3 trackers on the maps (tracker-elements.ts), as a test reads them. */
export function trackerElements() {
  return markers
    .filter((m) => m.element.hasAttribute('data-tracker-id'))
    .map(({ element, lngLat }) => ({
      id: element.getAttribute('data-tracker-id'),
      lngLat,
      element,
      outlined: element.dataset.outlined === 'true',
      selected: element.dataset.selected === 'true',
      type: element.dataset.type,
      circlePx: parseFloat(element.style.getPropertyValue('--tracker-circle')),
      colour: element.style.getPropertyValue('--tracker-colour'),
    }));
}
