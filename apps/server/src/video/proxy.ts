import http from 'node:http';
import https from 'node:https';
import { and, eq, isNotNull } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import type { Db } from '../platform/db/client';
import { cameraStreams, markers } from '../db/schema';
import { HttpError, notFound } from '../platform/errors';
import { isPlaylist, rewritePlaylist } from './hls-playlist';
import { readVideoToken, videoProxyUrl, type VideoTokenPayload } from './proxy-token';
import { decryptStreamPassword } from './stream-secret';

// Issue 16: GET /api/video/proxy/{token}. Our server asks the camera, with its credentials, and passes
// the answer through: an MJPEG stream as it comes (multipart/x-mixed-replace), an HLS playlist
// rewritten so its segments are further proxy URLs. The browser never learns the camera's address or
// credentials. A camera that is down, refuses or is slow is a 502, never a 500; the camera is let go
// as soon as the browser goes.

/** How long the camera may take to answer, and to stay silent mid-stream. */
const CAMERA_TIMEOUT_MS = 10_000;
/** A playlist larger than this is no camera's. */
const MAX_PLAYLIST_BYTES = 1024 * 1024;

const cameraFault = (reason: string) => new HttpError(502, reason, 'camera_unavailable');
const refused = (reason: string) => new HttpError(403, reason, 'video_link_refused');

type Source = {
  markerId: string;
  kind: string;
  url: string;
  username: string | null;
  passwordEnc: string | null;
};

/** Proxies one camera request named by a video token (see proxy-token.ts). */
export async function proxyVideo(
  db: Db,
  secret: string,
  token: string,
  reply: FastifyReply,
): Promise<FastifyReply> {
  const read = readVideoToken(secret, token);
  if (!read) throw refused('This video link is not valid');
  if (read.expired) throw refused('This video link has expired; open the alert again');
  const source = await findSource(db, read.payload.m);
  if (!source) throw notFound('This camera has no stream source any more');
  const target = targetOf(source, read.payload);

  const upstream = await askCamera(source, secret, target, reply);
  const status = upstream.statusCode ?? 0;
  if (status < 200 || status >= 300) {
    upstream.resume();
    throw cameraFault(
      status === 401 || status === 403
        ? 'The camera refused our credentials'
        : `The camera answered ${status} instead of its stream`,
    );
  }
  const contentType = upstream.headers['content-type'];
  reply.header('cache-control', 'no-store');
  reply.header('x-content-type-options', 'nosniff');
  if (source.kind === 'hls' && isPlaylist(contentType, target)) {
    const text = await readText(upstream);
    const origin = new URL(source.url).origin;
    const playlist = rewritePlaylist(text, target, (url) =>
      new URL(url).origin === origin
        ? videoProxyUrl(secret, { m: source.markerId, exp: read.payload.exp, u: url })
        : null,
    );
    return reply.type('application/vnd.apple.mpegurl').send(playlist);
  }
  return reply.type(contentType ?? 'application/octet-stream').send(upstream);
}

async function findSource(db: Db, markerId: string): Promise<Source | undefined> {
  const [row] = await db
    .select({
      markerId: cameraStreams.markerId,
      kind: cameraStreams.kind,
      url: cameraStreams.url,
      username: cameraStreams.username,
      passwordEnc: cameraStreams.passwordEnc,
    })
    .from(cameraStreams)
    .innerJoin(markers, and(eq(markers.id, cameraStreams.markerId), eq(markers.orgId, cameraStreams.orgId)))
    .where(and(eq(cameraStreams.markerId, markerId), isNotNull(markers.camera)))
    .limit(1);
  return row;
}

/** The address asked: the camera's own, or one its playlist named, kept to the camera's origin. */
function targetOf(source: Source, payload: VideoTokenPayload): string {
  if (payload.u === undefined) return source.url;
  if (new URL(payload.u).origin !== new URL(source.url).origin) throw refused('This video link is not valid');
  return payload.u;
}

/**
 * The camera's answer (its headers; the body still to read). The request is destroyed when the
 * browser goes, whether the camera has answered yet or is mid-stream.
 */
function askCamera(
  source: Source,
  secret: string,
  target: string,
  reply: FastifyReply,
): Promise<http.IncomingMessage> {
  const url = new URL(target);
  const headers: Record<string, string> = { accept: '*/*' };
  if (source.username !== null || source.passwordEnc !== null) {
    const password = source.passwordEnc
      ? (decryptStreamPassword(secret, source.markerId, source.passwordEnc) ?? '')
      : '';
    headers.authorization = `Basic ${Buffer.from(`${source.username ?? ''}:${password}`).toString('base64')}`;
  }
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const request = client.get(url, { headers, timeout: CAMERA_TIMEOUT_MS }, resolve);
    request.on('timeout', () => request.destroy(cameraFault('The camera did not answer in time')));
    request.on('error', (err) =>
      reject(err instanceof HttpError ? err : cameraFault('The camera cannot be reached')),
    );
    reply.raw.on('close', () => request.destroy());
  });
}

/** A playlist's text, refused when it is larger than any playlist. */
function readText(response: http.IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    response.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_PLAYLIST_BYTES) {
        response.destroy();
        reject(cameraFault('The camera’s playlist is too large'));
      } else chunks.push(chunk);
    });
    response.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    response.on('error', () => reject(cameraFault('The camera stopped answering')));
  });
}
