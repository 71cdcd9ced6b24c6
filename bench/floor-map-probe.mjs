// Runs in the console's page before its own scripts (bench/floor-map-paint.bench.ts, addInitScript).
// FloorMap dispatches `floor-map:style` on its canvas each time it hands MapLibre a new style
// (apps/console/src/ui/map/floor-map-gl.tsx), with the map and the style, and `floor-map:trackers`
// each time it has placed the SPEC §3 trackers, HTML elements over the map
// (apps/console/src/ui/map/tracker-elements.ts). For each, this notes what the map then shows (how
// many markers; each tracker and whether it is outlined) and when the first frame showing it was
// painted. A style: the first `render` of the map once `map.loaded()` says every source's data is in
// (MapLibre parses GeoJSON in its worker, so a new style's data is drawn a few frames later), then a
// task posted from that frame, which runs after the frame's rendering; a style that changed nothing
// to draw (the map already loaded) is painted already. Trackers: the browser's next frame (a
// requestAnimationFrame, then a task posted from it). Times are the wall clock
// (performance.timeOrigin + performance.now()) and the time since the page's navigation started
// (performance.now()). Also notes when the last click happened (an in-app navigation), when a WebGL
// context is asked for (a map being made), when each piece of the event stream (GET /api/events)
// reaches the page, when the router pushes another address, and when the console's idle prefetch of
// the floor plans is done.
// Plain JavaScript on purpose: a function handed over from tsx would carry its helpers' names.
(() => {
  const now = () => performance.timeOrigin + performance.now();
  const state = { frames: [], clickAt: null, contexts: [], chunks: [], pushes: [], prefetched: null };
  window.__floorBench = state;

  document.addEventListener('click', () => (state.clickAt = now()), true);
  // When the shell's idle prefetch of the floor plans is done (features/floorplans/prefetch.ts):
  // the time since the page's navigation started.
  document.addEventListener('floor-plans:prefetched', () => (state.prefetched = performance.now()));

  // When the router pushes another address (SPEC §2.2: a new alert sends the console to /alerts).
  const pushState = history.pushState;
  history.pushState = function (data, unused, url) {
    state.pushes.push({ at: now(), url: String(url) });
    return pushState.call(this, data, unused, url);
  };

  // When a map asks for its WebGL context: the end of the console's part of a navigation.
  const getContext = HTMLCanvasElement.prototype.getContext;
  HTMLCanvasElement.prototype.getContext = function (kind, ...rest) {
    if (kind === 'webgl2' || kind === 'webgl') state.contexts.push(now());
    return getContext.call(this, kind, ...rest);
  };

  // When each piece of the event stream reaches the page, before the console reads it.
  const original = window.fetch.bind(window);
  window.fetch = (input, init) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    if (new URL(url, location.href).pathname !== '/api/events') return original(input, init);
    return original(input, init).then((res) => {
      if (!res.ok || !res.body) return res;
      const decoder = new TextDecoder();
      const notes = new TransformStream({
        transform(chunk, controller) {
          state.chunks.push({ at: now(), text: decoder.decode(chunk, { stream: true }) });
          controller.enqueue(chunk);
        },
      });
      const { status, statusText, headers } = res;
      return new Response(res.body.pipeThrough(notes), { status, statusText, headers });
    });
  };

  let waiting = null;
  const painted = (frame) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      frame.painted = now();
      frame.sinceStart = performance.now();
      state.frames.push(frame);
    };
    channel.port2.postMessage(0);
  };

  // What the map shows: the markers of its last style, the trackers last placed.
  let shownMarkers = 0;
  let shownTrackers = [];

  // Capture on the document: the events do not bubble, and no listener of the console's hears them.
  document.addEventListener(
    'floor-map:style',
    (event) => {
      const { map, style } = event.detail;
      shownMarkers = style.sources.markers?.data?.features?.length ?? 0;
      const frame = { styled: now(), markers: shownMarkers, trackers: shownTrackers };
      // A newer style supersedes one not drawn yet: its frame is the one that counts.
      if (waiting) waiting.map.off('render', waiting.onRender);
      waiting = null;
      if (map.loaded()) {
        painted(frame);
        return;
      }
      const onRender = () => {
        if (!map.loaded()) return;
        map.off('render', onRender);
        waiting = null;
        painted(frame);
      };
      waiting = { map, onRender };
      map.on('render', onRender);
    },
    true,
  );
  document.addEventListener(
    'floor-map:trackers',
    (event) => {
      shownTrackers = event.detail.trackers.map((t) => `${t.id}:${t.outlined ? 'outlined' : 'filled'}`);
      const frame = { styled: now(), markers: shownMarkers, trackers: shownTrackers };
      requestAnimationFrame(() => painted(frame));
    },
    true,
  );

  /**
   * The first frame painted after `since` (wall clock) with at least `markers` markers and, when
   * given, this tracker state (`<alert id>:filled` or `:outlined`), this many trackers, or no
   * tracker of the alert `absent`.
   */
  state.first = ({ since = 0, markers = 0, tracker = null, trackers = 0, absent = null }) =>
    state.frames.find(
      (f) =>
        f.styled >= since &&
        f.markers >= markers &&
        f.trackers.length >= trackers &&
        (tracker === null || f.trackers.includes(tracker)) &&
        (absent === null || !f.trackers.some((t) => t.startsWith(`${absent}:`))),
    ) ?? null;
  /** When the router first pushed an address ending in `path` after `since`, or null. */
  state.pushed = ({ since, path }) =>
    state.pushes.find((p) => p.at >= since && p.url.endsWith(path))?.at ?? null;

  /** When the first piece of the stream naming `text` after `since` reached the page, or null. */
  state.arrived = ({ since, text }) =>
    state.chunks.find((c) => c.at >= since && c.text.includes(text))?.at ?? null;
  /** When the first WebGL context after `since` was asked for, or null. */
  state.context = ({ since }) => state.contexts.find((at) => at >= since) ?? null;
})();
