/** One dispatched Server-Sent Event: its type ('message' when none was named), data and last id. */
export type StreamEvent = { id: string | undefined; event: string; data: string };

export type EventStreamParserHandlers = {
  onEvent: (event: StreamEvent) => void;
  /** A comment line (`: keep-alive`), without its colon. */
  onComment?: (text: string) => void;
  /** The server's `retry:` reconnection time in milliseconds. */
  onRetry?: (ms: number) => void;
};

/**
 * A parser of the `text/event-stream` format (WHATWG HTML 'Server-sent events'), fed text in
 * chunks that may split lines anywhere. Lines end in CRLF, LF or CR; a blank line dispatches
 * the event; `id` persists across events until the stream sets another.
 */
export function createEventStreamParser(handlers: EventStreamParserHandlers) {
  let buffer = '';
  let started = false;
  let afterCR = false;
  let data: string[] = [];
  let type = '';
  let lastId: string | undefined;

  function dispatch() {
    if (data.length > 0) handlers.onEvent({ id: lastId, event: type || 'message', data: data.join('\n') });
    data = [];
    type = '';
  }

  function line(text: string) {
    if (text === '') return dispatch();
    if (text.startsWith(':')) return handlers.onComment?.(text.slice(1).replace(/^ /, ''));
    const colon = text.indexOf(':');
    const field = colon === -1 ? text : text.slice(0, colon);
    const value = colon === -1 ? '' : text.slice(colon + 1).replace(/^ /, '');
    if (field === 'data') data.push(value);
    else if (field === 'event') type = value;
    else if (field === 'id' && !value.includes('\0')) lastId = value === '' ? undefined : value;
    else if (field === 'retry' && /^\d+$/.test(value)) handlers.onRetry?.(Number(value));
  }

  return {
    push(chunk: string) {
      buffer += chunk;
      if (!started && buffer.length > 0) {
        started = true;
        if (buffer.startsWith('\uFEFF')) buffer = buffer.slice(1);
      }
      // A CR ends its line at once; an LF right after it (maybe in the next chunk) is part of that end.
      if (afterCR && buffer.length > 0) {
        if (buffer.startsWith('\n')) buffer = buffer.slice(1);
        afterCR = false;
      }
      let start = 0;
      for (let i = 0; i < buffer.length; i++) {
        const c = buffer[i];
        if (c !== '\n' && c !== '\r') continue;
        line(buffer.slice(start, i));
        if (c === '\r') {
          if (i === buffer.length - 1) afterCR = true;
          else if (buffer[i + 1] === '\n') i++;
        }
        start = i + 1;
      }
      buffer = buffer.slice(start);
    },
    /** The stream ended: an event without its blank line is dropped, as the standard says. */
    end() {
      buffer = '';
      data = [];
      type = '';
    },
    lastEventId: () => lastId,
  };
}

export type EventStreamOptions = {
  url: string;
  /** The request headers, asked again for every (re)connection so credentials stay fresh. */
  headers: () => Promise<Record<string, string>>;
  onEvent: (event: StreamEvent) => void;
  /** Called on every successful (re)connection. */
  onOpen?: () => void;
  /** Called when a connection fails or ends; the stream reconnects by itself. */
  onError?: (error: unknown) => void;
  /** Delay before reconnecting (default 2 s); the server's `retry:` may shorten it, never lengthen it. */
  reconnectMs?: number;
  /** With nothing received (not even a keep-alive comment) for this long, the connection is dropped. */
  idleTimeoutMs?: number;
};

const RECONNECT_MS = 2000;
/** The server sends a keep-alive comment at least every 15 s (ARCHITECTURE §5). */
const IDLE_TIMEOUT_MS = 45_000;

/**
 * Reads a Server-Sent Events stream with fetch (a native EventSource cannot send our headers),
 * reconnecting after a failure, an end or a silent connection, with `Last-Event-ID` so the
 * server replays what was missed. Returns the function that closes it for good.
 */
export function connectEventStream(options: EventStreamOptions): () => void {
  const maxDelay = options.reconnectMs ?? RECONNECT_MS;
  let delay = maxDelay;
  let lastEventId: string | undefined;
  let closed = false;
  let current: AbortController | undefined;
  let wake: (() => void) | undefined;

  async function connectOnce() {
    const controller = new AbortController();
    current = controller;
    let idle: ReturnType<typeof setTimeout> | undefined;
    const watch = () => {
      clearTimeout(idle);
      idle = setTimeout(() => controller.abort(), options.idleTimeoutMs ?? IDLE_TIMEOUT_MS);
    };
    try {
      const headers: Record<string, string> = {
        ...(await options.headers()),
        accept: 'text/event-stream',
        'cache-control': 'no-cache',
      };
      if (lastEventId !== undefined) headers['last-event-id'] = lastEventId;
      watch();
      const res = await fetch(options.url, { headers, signal: controller.signal, cache: 'no-store' });
      const type = res.headers.get('content-type') ?? '';
      if (!res.ok || !res.body || !type.includes('text/event-stream'))
        throw new Error(`The event stream answered ${res.status}`);
      options.onOpen?.();
      const parser = createEventStreamParser({
        onEvent: options.onEvent,
        onRetry: (ms) => {
          delay = Math.min(Math.max(ms, 250), maxDelay);
        },
      });
      const reader = res.body.getReader();
      const decoder = new TextDecoder();
      for (;;) {
        watch();
        const { value, done } = await reader.read();
        if (done) break;
        parser.push(decoder.decode(value, { stream: true }));
        lastEventId = parser.lastEventId() ?? lastEventId;
      }
      parser.end();
      throw new Error('The event stream ended');
    } finally {
      clearTimeout(idle);
      controller.abort();
    }
  }

  void (async () => {
    while (!closed) {
      try {
        await connectOnce();
      } catch (err) {
        if (!closed) options.onError?.(err);
      }
      if (closed) break;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, delay);
        wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
    }
  })();

  return () => {
    closed = true;
    current?.abort();
    wake?.();
  };
}
