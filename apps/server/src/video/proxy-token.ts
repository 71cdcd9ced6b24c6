import { signToken, verifyToken } from '../platform/crypto';

// Issue 16: the short-lived URLs of our camera proxy. The token names the camera marker and, for an
// HLS playlist's segments, the camera's own address of the piece; it is signed with the server's
// secret, so it needs no session (a browser's <img> or player sends no headers).

/** `m`: the camera marker; `u`: an address on the camera (an HLS segment or playlist); `exp`: ms epoch. */
export type VideoTokenPayload = { typ: 'video'; m: string; exp: number; u?: string };

export const VIDEO_PROXY_PATH = '/api/video/proxy/';

/** The proxy URL of a camera (or of one address on it), valid until `exp`. */
export function videoProxyUrl(secret: string, payload: Omit<VideoTokenPayload, 'typ'>): string {
  return `${VIDEO_PROXY_PATH}${signToken({ typ: 'video', ...payload } satisfies VideoTokenPayload, secret)}`;
}

/** The payload of a token that is ours and a video one, else undefined; `expired` when past its time. */
export function readVideoToken(
  secret: string,
  token: string,
  nowMs = Date.now(),
): { payload: VideoTokenPayload; expired: boolean } | undefined {
  const payload = verifyToken<VideoTokenPayload>(token, secret);
  if (
    !payload ||
    payload.typ !== 'video' ||
    typeof payload.m !== 'string' ||
    typeof payload.exp !== 'number'
  ) {
    return undefined;
  }
  if (payload.u !== undefined && typeof payload.u !== 'string') return undefined;
  return { payload, expired: payload.exp <= nowMs };
}
