import type { Map as MapLibreMap } from 'maplibre-gl';

// A MapLibre map as the marker editor uses it (sources, layers, events, the canvas), for component
// tests in jsdom: no WebGL, so the test reads what was added and fires what a user would do.

type Listener = (event: Record<string, unknown>) => void;
type Source = { data: unknown; setData: (data: unknown) => void };

export class FakeMap {
  sources = new Map<string, Source>();
  layers = new Map<string, Record<string, unknown>>();
  filters = new Map<string, unknown>();
  /** What queryRenderedFeatures answers: the features under the next click. */
  underPointer: { properties: Record<string, unknown> }[] = [];
  center = { lng: -73.974, lat: 40.742 };
  private listeners: { type: string; layer?: string; fn: Listener; once: boolean }[] = [];
  private canvas = document.createElement('canvas');

  asMap(): MapLibreMap {
    return this as unknown as MapLibreMap;
  }

  addSource(id: string, spec: { data: unknown }) {
    const source: Source = { data: spec.data, setData: (data) => (source.data = data) };
    this.sources.set(id, source);
  }
  getSource(id: string) {
    return this.sources.get(id);
  }
  removeSource(id: string) {
    this.sources.delete(id);
  }
  addLayer(layer: Record<string, unknown>) {
    this.layers.set(layer.id as string, layer);
  }
  getLayer(id: string) {
    return this.layers.get(id);
  }
  removeLayer(id: string) {
    this.layers.delete(id);
  }
  setFilter(id: string, filter: unknown) {
    this.filters.set(id, filter);
  }
  getCanvas() {
    return this.canvas;
  }
  getCenter() {
    return this.center;
  }
  queryRenderedFeatures() {
    return this.underPointer;
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
  off(type: string, layerOrFn: string | Listener, fn?: Listener) {
    const target = typeof layerOrFn === 'string' ? fn : layerOrFn;
    this.listeners = this.listeners.filter((l) => !(l.type === type && l.fn === target));
    return this;
  }
  /** Fires an event as MapLibre would: on the map, or on a layer when `layer` is given. */
  fire(type: string, event: Record<string, unknown> = {}, layer?: string) {
    for (const listener of [...this.listeners]) {
      if (listener.type !== type || listener.layer !== layer) continue;
      if (listener.once) this.listeners.splice(this.listeners.indexOf(listener), 1);
      listener.fn(event);
    }
  }
  /** How many handlers are still registered (the editor removes its own on unmount). */
  listenerCount() {
    return this.listeners.length;
  }
}
