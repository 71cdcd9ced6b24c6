import { z } from 'zod';
import { isoDateSchema } from '../contract/common';
import { cameraUrlError } from './nearest-cameras';

// The area's rules, reached through the package's face as the contract is (src/index.ts names this file).

// Issue 16, SPEC §3 Video stream, §7 GET video/streams/{alertId}: the cameras near an alert, as
// short-lived URLs of our own server's proxy (camera credentials never reach the browser).

export const VIDEO_STREAM_KINDS = ['mjpeg', 'hls'] as const;
export const videoStreamKindSchema = z.enum(VIDEO_STREAM_KINDS);
export type VideoStreamKind = z.infer<typeof videoStreamKindSchema>;

/** How long a proxy URL answered by GET video/streams stays valid. */
export const VIDEO_URL_TTL_MS = 10 * 60_000;

/** One stream of SPEC §3 Video stream's list. */
export const videoStreamSchema = z.object({
  /** The camera marker's id. */
  id: z.string(),
  /** SPEC §3 Marker camera id. */
  cameraId: z.string(),
  name: z.string(),
  kind: videoStreamKindSchema,
  /** Our server's proxy URL (signed, expiring). */
  url: z.string(),
  /** Metres from the alert's position. */
  distanceM: z.number(),
});
export type VideoStream = z.infer<typeof videoStreamSchema>;
/** GET video/streams/{alertId} (SPEC §3 Video stream: the streams and their expiry), nearest first. */
export const videoStreamsSchema = z.object({ streams: z.array(videoStreamSchema), expiresAt: isoDateSchema });
export type VideoStreams = z.infer<typeof videoStreamsSchema>;

/**
 * PUT markers/{id}/stream: a camera marker's stream source (SPEC §3 Marker camera), kept on the server
 * with its credentials. `username` absent or empty: none. `password` is write-only: absent keeps the
 * one stored, empty removes it, any other text replaces it.
 */
export const cameraStreamBodySchema = z.strictObject({
  kind: videoStreamKindSchema,
  url: z
    .string()
    .max(2000)
    .superRefine((value, ctx) => {
      const reason = cameraUrlError(value);
      if (reason) ctx.addIssue({ code: 'custom', message: reason });
    }),
  username: z.string().max(200).optional(),
  password: z.string().max(200).optional(),
});
export type CameraStreamBody = z.infer<typeof cameraStreamBodySchema>;

/**
 * GET/PUT markers/{id}/stream: the stream source as it is answered; never the password, only whether
 * one is set (GET answers null for a camera without a source).
 */
export const cameraStreamSchema = z.object({
  markerId: z.string(),
  kind: videoStreamKindSchema,
  url: z.string(),
  username: z.string().nullable(),
  passwordSet: z.boolean(),
  updatedAt: isoDateSchema,
});
export type CameraStream = z.infer<typeof cameraStreamSchema>;
