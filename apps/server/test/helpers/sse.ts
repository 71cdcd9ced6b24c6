/**
 * Reads a Server-Sent Events response until `until` holds for the text so far, or `ms` pass.
 * One read is in flight at a time: a read abandoned to a timeout would swallow its chunk.
 */
export async function readStream(
  res: Response,
  until: (text: string) => boolean,
  ms = 5000,
): Promise<string> {
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  let text = '';
  const deadline = Date.now() + ms;
  let pending = reader.read();
  while (!until(text) && Date.now() < deadline) {
    const tick = new Promise<'tick'>((r) => setTimeout(() => r('tick'), 50));
    const chunk = await Promise.race([pending, tick]);
    if (chunk === 'tick') continue;
    if (chunk.done) break;
    text += decoder.decode(chunk.value, { stream: true });
    pending = reader.read();
  }
  await reader.cancel().catch(() => undefined);
  return text;
}

/** One Server-Sent Event: its id (the outbox sequence number), type and parsed data. */
export type SseEvent = { id: number | undefined; type: string; data: unknown };

/** A console's stream read in the background: every event as it arrives, until it ends or is closed. */
export type EventCollector = {
  /** Events in arrival order. */
  events: SseEvent[];
  /** The id of the last event received (what a reconnect sends as Last-Event-ID). */
  lastId(): number | undefined;
  /** Resolves when the stream ends: closed by the server, cut, or `close()`d. */
  ended: Promise<void>;
  /** Waits until `until(events)` holds; throws after `ms`, saying how many events arrived. */
  waitFor(until: (events: SseEvent[]) => boolean, ms?: number): Promise<void>;
  close(): void;
};

/**
 * Opens `GET /api/events` (with Last-Event-ID when given) and collects its events in the
 * background. Resolves once the server has answered the request with the stream.
 */
export async function collectEvents(
  url: string,
  headers: Record<string, string>,
  lastEventId?: number,
  onEvent?: (event: SseEvent) => void,
): Promise<EventCollector> {
  const abort = new AbortController();
  const res = await fetch(`${url}/api/events`, {
    headers: { ...headers, ...(lastEventId === undefined ? {} : { 'last-event-id': String(lastEventId) }) },
    signal: abort.signal,
  });
  if (res.status !== 200) throw new Error(`GET /api/events answered ${res.status}: ${await res.text()}`);
  const events: SseEvent[] = [];
  const ended = (async () => {
    const reader = res.body!.getReader();
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        buffer += decoder.decode(value, { stream: true });
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const event = parseSseBlock(block);
          if (event) {
            events.push(event);
            onEvent?.(event);
          }
        }
      }
    } catch {
      // cut (the server died) or closed: the events so far stand
    }
  })();
  return {
    events,
    lastId: () => events.findLast((e) => e.id !== undefined)?.id,
    ended,
    async waitFor(until, ms = 10_000) {
      const deadline = Date.now() + ms;
      while (!until(events)) {
        if (Date.now() > deadline)
          throw new Error(`SSE: condition not met after ${ms} ms (${events.length} events)`);
        await new Promise((r) => setTimeout(r, 25));
      }
    },
    close: () => abort.abort(),
  };
}

/** One `id:/event:/data:` block; comments (keep-alives) and retry lines give nothing. */
function parseSseBlock(block: string): SseEvent | undefined {
  let id: number | undefined;
  let type = 'message';
  const data: string[] = [];
  for (const line of block.split('\n')) {
    if (line.startsWith('id: ')) id = Number(line.slice(4));
    else if (line.startsWith('event: ')) type = line.slice(7);
    else if (line.startsWith('data: ')) data.push(line.slice(6));
  }
  if (data.length === 0) return undefined;
  const text = data.join('\n');
  let parsed: unknown = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    // not JSON: keep the text
  }
  return { id, type, data: parsed };
}
