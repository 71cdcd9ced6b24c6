import { afterEach, describe, expect, it, vi } from 'vitest';
import { connectEventStream, createEventStreamParser, type StreamEvent } from './event-stream';

function parse(...chunks: string[]) {
  const events: StreamEvent[] = [];
  const comments: string[] = [];
  const retries: number[] = [];
  const parser = createEventStreamParser({
    onEvent: (e) => events.push(e),
    onComment: (c) => comments.push(c),
    onRetry: (ms) => retries.push(ms),
  });
  for (const chunk of chunks) parser.push(chunk);
  return { events, comments, retries, parser };
}

describe('the event-stream parser (text/event-stream)', () => {
  it('reads ids, event types and data', () => {
    const { events } = parse('id: 7\nevent: alert\ndata: {"type":"alert"}\n\n');
    expect(events).toEqual([{ id: '7', event: 'alert', data: '{"type":"alert"}' }]);
  });

  it("calls an event without a type 'message'", () => {
    expect(parse('data: hello\n\n').events).toEqual([{ id: undefined, event: 'message', data: 'hello' }]);
  });

  it('joins multi-line data with newlines', () => {
    expect(parse('data: first\ndata: second\ndata:third\n\n').events[0]?.data).toBe('first\nsecond\nthird');
  });

  it('reports comments (keep-alives) and dispatches nothing for them', () => {
    const { events, comments } = parse(': connected\n\n: keep-alive\n\n');
    expect(events).toEqual([]);
    expect(comments).toEqual(['connected', 'keep-alive']);
  });

  it('passes a reset event on, with its empty object', () => {
    const { events } = parse('id: 3\ndata: {}\n\nevent: reset\ndata: {}\n\n');
    expect(events.map((e) => [e.event, e.id])).toEqual([
      ['message', '3'],
      ['reset', '3'],
    ]);
  });

  it('keeps the last id across events until another is set', () => {
    const { events, parser } = parse('id: 1\ndata: a\n\ndata: b\n\nid: 2\ndata: c\n\n');
    expect(events.map((e) => e.id)).toEqual(['1', '1', '2']);
    expect(parser.lastEventId()).toBe('2');
  });

  it('survives chunks split anywhere, CRLF and CR line ends, and a byte-order mark', () => {
    const text = '\uFEFFid: 9\r\nevent: alert\r\ndata: x\r\n\r\nevent: alert\rdata: y\r\r';
    const whole = parse(text).events;
    const bytewise = parse(...text.split('')).events;
    expect(whole).toEqual([
      { id: '9', event: 'alert', data: 'x' },
      { id: '9', event: 'alert', data: 'y' },
    ]);
    expect(bytewise).toEqual(whole);
    expect(parse('data: z\r', '', '\n', '\n').events).toEqual([
      { id: undefined, event: 'message', data: 'z' },
    ]);
  });

  it('waits for the blank line before dispatching, and drops an unfinished event at the end', () => {
    const { events, parser } = parse('data: half');
    expect(events).toEqual([]);
    parser.end();
    parser.push('\n\n');
    expect(events).toEqual([]);
  });

  it('reads the retry field and ignores unknown fields and a data line without a space', () => {
    const { events, retries } = parse('retry: 2000\nfoo: bar\ndata:tight\n\n');
    expect(retries).toEqual([2000]);
    expect(events[0]?.data).toBe('tight');
  });
});

describe('connectEventStream', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  function streamOf(text: string, keepOpen = false): Response {
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode(text));
        if (!keepOpen) controller.close();
      },
    });
    return new Response(body, { headers: { 'content-type': 'text/event-stream' } });
  }

  it('sends the headers, and reconnects with Last-Event-ID after the stream ends', async () => {
    const seen: Headers[] = [];
    let calls = 0;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_url: string, init: RequestInit) => {
        seen.push(new Headers(init.headers));
        calls += 1;
        return calls === 1 ? streamOf('id: 41\nevent: alert\ndata: {}\n\n') : streamOf(': hi\n\n', true);
      }),
    );
    const events: StreamEvent[] = [];
    const opened = vi.fn();
    const close = connectEventStream({
      url: '/api/events',
      headers: async () => ({ authorization: 'Bearer t', slug: 'demo' }),
      onEvent: (e) => events.push(e),
      onOpen: opened,
      reconnectMs: 10,
    });
    await vi.waitFor(() => expect(calls).toBe(2));
    close();
    expect(events).toEqual([{ id: '41', event: 'alert', data: '{}' }]);
    expect(opened).toHaveBeenCalledTimes(2);
    expect(seen[0]?.get('authorization')).toBe('Bearer t');
    expect(seen[0]?.get('accept')).toBe('text/event-stream');
    expect(seen[0]?.has('last-event-id')).toBe(false);
    expect(seen[1]?.get('last-event-id')).toBe('41');
  });

  it('tries again after a refused connection', async () => {
    let calls = 0;
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        calls += 1;
        return calls === 1 ? new Response('nope', { status: 503 }) : streamOf(': ok\n\n', true);
      }),
    );
    const errors: unknown[] = [];
    const close = connectEventStream({
      url: '/api/events',
      headers: async () => ({}),
      onEvent: () => {},
      onError: (e) => errors.push(e),
      reconnectMs: 10,
    });
    await vi.waitFor(() => expect(calls).toBe(2));
    close();
    expect(errors).toHaveLength(1);
  });
});
