import { onTestFinished, vi } from 'vitest';

type Answer = Response | unknown;
/** Answers one request: a Response as it is, anything else as a 200 JSON body. */
export type FetchHandler = (url: URL, init: RequestInit) => Answer | Promise<Answer>;

/** A JSON answer with a status, e.g. `json({ reason: 'Nope' }, 403)`. */
export function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

/**
 * Stubs `globalThis.fetch` for one test with `vi.fn`; the handler sees the URL (with its `/api`
 * prefix) and the request init. An aborted signal rejects like a real fetch.
 */
export function stubFetch(handler: FetchHandler) {
  const mock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    if (init.signal?.aborted) throw new DOMException('The operation was aborted.', 'AbortError');
    const answer = await handler(new URL(String(input), 'http://localhost'), init);
    return answer instanceof Response ? answer : json(answer);
  });
  vi.stubGlobal('fetch', mock);
  onTestFinished(() => {
    vi.unstubAllGlobals();
  });
  return mock;
}
