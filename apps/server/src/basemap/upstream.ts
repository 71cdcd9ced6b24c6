import { HttpError } from '../platform/errors';

// The map's optional providers (a raster tile server, a Nominatim-compatible geocoder) are reached
// by our server only: the browser fetches nothing from outside it (issue 15, air-gapped). A slow or
// huge answer must not hold a request or the server's memory, so every call is bounded.

/** How long a provider may take to answer, whole body included. */
export const UPSTREAM_TIMEOUT_MS = 10_000;

export type UpstreamAnswer = { status: number; contentType: string | undefined; body: Buffer };

export type UpstreamOptions = {
  /** Named in the reasons, e.g. 'tile server'. */
  what: string;
  maxBytes: number;
  timeoutMs?: number;
  headers?: Record<string, string>;
};

/** A 502 naming the provider: the console shows the reason as it is. */
export function badGateway(reason: string): HttpError {
  return new HttpError(502, reason, 'upstream_failed');
}

/**
 * GETs `url` and reads its body, at most `maxBytes` of it, within the timeout. Any status is
 * answered (the caller judges it); an unreachable, slow or oversized provider is a 502 with the
 * reason.
 */
export async function fetchUpstream(url: URL, opts: UpstreamOptions): Promise<UpstreamAnswer> {
  const timeoutMs = opts.timeoutMs ?? UPSTREAM_TIMEOUT_MS;
  const signal = AbortSignal.timeout(timeoutMs);
  try {
    const res = await fetch(url, { headers: opts.headers, signal, redirect: 'follow' });
    const declared = Number(res.headers.get('content-length'));
    if (Number.isFinite(declared) && declared > opts.maxBytes) {
      await res.body?.cancel();
      throw tooLarge(opts);
    }
    const body = await readCapped(res, opts);
    return { status: res.status, contentType: res.headers.get('content-type') ?? undefined, body };
  } catch (error) {
    if (error instanceof HttpError) throw error;
    if (signal.aborted) {
      throw badGateway(`The ${opts.what} did not answer within ${Math.round(timeoutMs / 1000)} s`);
    }
    throw badGateway(`The ${opts.what} could not be reached (${causeOf(error)})`);
  }
}

/** The body, read chunk by chunk so an answer larger than the cap is cut off, not buffered. */
async function readCapped(res: Response, opts: UpstreamOptions): Promise<Buffer> {
  if (!res.body) return Buffer.alloc(0);
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = res.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > opts.maxBytes) {
      await reader.cancel();
      throw tooLarge(opts);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}

function tooLarge(opts: UpstreamOptions): HttpError {
  return badGateway(`The ${opts.what} answered more than ${formatBytes(opts.maxBytes)}`);
}

function formatBytes(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${Math.round(bytes / (1024 * 1024))} MB` : `${Math.round(bytes / 1024)} KB`;
}

/** Why fetch failed, e.g. ECONNREFUSED (undici hides it in `cause`). */
function causeOf(error: unknown): string {
  const cause = (error as { cause?: { code?: unknown; message?: unknown } } | null)?.cause;
  if (typeof cause?.code === 'string') return cause.code;
  if (typeof cause?.message === 'string') return cause.message;
  return error instanceof Error ? error.message : String(error);
}
