import { z } from 'zod';
import { isoDateSchema } from '../contract/common';

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

/** A camera marker's stream source (SPEC §3 Marker camera): kept on the server with its credentials. */
export const cameraStreamBodySchema = z.strictObject({
  kind: videoStreamKindSchema,
  url: z
    .string()
    .max(2000)
    .refine((value) => {
      try {
        const url = new URL(value);
        return url.protocol === 'http:' || url.protocol === 'https:';
      } catch {
        return false;
      }
    }, 'Enter the camera’s http(s) stream address'),
  username: z.string().max(200).optional(),
  password: z.string().max(200).optional(),
});
export type CameraStreamBody = z.infer<typeof cameraStreamBodySchema>;
