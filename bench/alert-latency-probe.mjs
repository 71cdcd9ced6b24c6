// Runs in the console's page before its own scripts (bench/alert-latency.bench.ts, addInitScript):
// notes when each alert card (`article` named "Alert: Tag <id> at …") enters the DOM and when the
// frame showing it has rendered, on the wall clock (performance.timeOrigin + performance.now());
// notes when each tag's first event reaches the page on the stream (before the console reads it);
// counts the console's polls of GET /api/alerts, its event-stream connections and the times the
// 'Alerts will not be shown' warning appeared; and, when `window.__benchBlockStream` was set
// before it, cuts the stream so the console can only poll.
// Plain JavaScript on purpose: a function handed over from tsx would carry its helpers' names.
(() => {
  const now = () => performance.timeOrigin + performance.now();
  const block = window.__benchBlockStream === true;
  const TAG_IN_EVENT = /"tag": ?\{"id": ?"([0-9a-f]{12})"/g;
  const state = { seen: {}, arrived: {}, polls: 0, streams: 0, blocked: 0, warnings: 0 };
  window.__bench = state;

  const original = window.fetch.bind(window);
  window.fetch = (input, init) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const pathname = new URL(url, location.href).pathname;
    if (pathname === '/api/events') {
      if (block) {
        state.blocked++;
        return Promise.reject(new TypeError('Failed to fetch'));
      }
      return original(input, init).then((res) => {
        if (!res.ok || !res.body) return res;
        state.streams++;
        // Notes when each tag's first event reaches the page, before the console parses it.
        const decoder = new TextDecoder();
        const arrivals = new TransformStream({
          transform(chunk, controller) {
            const at = now();
            for (const [, tag] of decoder.decode(chunk, { stream: true }).matchAll(TAG_IN_EVENT))
              state.arrived[tag] ??= at;
            controller.enqueue(chunk);
          },
        });
        const { status, statusText, headers } = res;
        return new Response(res.body.pipeThrough(arrivals), { status, statusText, headers });
      });
    }
    if (pathname === '/api/alerts/' || pathname === '/api/alerts') state.polls++;
    return original(input, init);
  };

  const record = (card) => {
    const tag = /Tag ([0-9a-f]{12})/.exec(card.getAttribute('aria-label') ?? '')?.[1];
    if (!tag || state.seen[tag]) return;
    const entry = { dom: now() };
    state.seen[tag] = entry;
    // The frame that shows it: a task posted from its requestAnimationFrame runs after its rendering.
    requestAnimationFrame(() => {
      const channel = new MessageChannel();
      channel.port1.onmessage = () => {
        entry.painted = now();
      };
      channel.port2.postMessage(0);
    });
  };
  new MutationObserver((records) => {
    for (const r of records)
      for (const node of r.addedNodes) {
        if (!(node instanceof Element)) continue;
        if (node.textContent?.includes('Alerts will not be shown')) state.warnings++;
        if (node.matches('article[aria-label]')) record(node);
        for (const card of node.querySelectorAll('article[aria-label]')) record(card);
      }
  }).observe(document, { childList: true, subtree: true });
})();
