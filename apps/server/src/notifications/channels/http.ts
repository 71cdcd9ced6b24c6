import { DeliveryError } from './channel';

/**
 * The one HTTP attempt the HTTP channels share (WCTP, SMS, webhook): a POST with a 10 s deadline
 * whose failures are sorted into retryable and permanent.
 */

/** How long one attempt may take, connection to the last byte of the answer. */
export const ATTEMPT_TIMEOUT_MS = 10_000;
/** The answer is only logged: a receiver sending more is cut off here. */
const MAX_ANSWER_BYTES = 64 * 1024;

export type HttpAnswer = { status: number; body: string };

/**
 * POSTs `body` once. Resolves with whatever HTTP status came back; a refused connection, a reset or
 * the deadline is a retryable DeliveryError, and so is the caller's abort (the worker is stopping:
 * the message was perhaps not delivered). A URL that is not http(s) is a permanent one. Redirects are
 * not followed: a POST bounced elsewhere is an address to correct.
 */
export async function postOnce(
  url: string,
  headers: Record<string, string>,
  body: string,
  signal?: AbortSignal,
): Promise<HttpAnswer> {
  const target = httpUrl(url);
  const host = target.host;
  const deadline = AbortSignal.timeout(ATTEMPT_TIMEOUT_MS);
  try {
    const res = await fetch(target, {
      method: 'POST',
      headers,
      body,
      redirect: 'manual',
      signal: signal ? AbortSignal.any([signal, deadline]) : deadline,
    });
    return { status: res.status, body: await readCapped(res) };
  } catch (err) {
    if (signal?.aborted) throw new DeliveryError(`sending to ${host} was cancelled`, true);
    if (deadline.aborted)
      throw new DeliveryError(`${host} did not answer within ${ATTEMPT_TIMEOUT_MS / 1000} s`, true);
    throw new DeliveryError(`cannot reach ${host}: ${describe(err)}`, true);
  }
}

/** The error for an answer that is not 2xx: 408, 429 and 5xx may pass, anything else will not. */
export function statusError(answer: HttpAnswer, who: string, detail?: string): DeliveryError {
  const { status } = answer;
  const retryable = status === 408 || status === 429 || status >= 500;
  const why = detail ?? (answer.body.replace(/\s+/g, ' ').trim().slice(0, 200) || 'no details');
  return new DeliveryError(`${who} answered HTTP ${status}: ${why}`, retryable);
}

export function isSuccess(answer: HttpAnswer): boolean {
  return answer.status >= 200 && answer.status < 300;
}

/** The address as an http(s) URL; anything else cannot become deliverable by retrying. */
function httpUrl(address: string): URL {
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    throw new DeliveryError(`not a URL: ${JSON.stringify(address.slice(0, 100))}`, false);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new DeliveryError(`only http and https webhooks are sent, not ${url.protocol}`, false);
  return url;
}

/** The answer's text, at most MAX_ANSWER_BYTES of it. */
async function readCapped(res: Response): Promise<string> {
  if (!res.body) return '';
  const reader = res.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    size += value.length;
    if (size >= MAX_ANSWER_BYTES) {
      await reader.cancel();
      break;
    }
  }
  return Buffer.concat(chunks).subarray(0, MAX_ANSWER_BYTES).toString('utf8');
}

/** fetch hides the reason in `cause` (ECONNREFUSED …). */
function describe(err: unknown): string {
  const cause = (err as { cause?: { code?: string; message?: string } }).cause;
  return cause?.code ?? cause?.message ?? (err instanceof Error ? err.message : String(err));
}
