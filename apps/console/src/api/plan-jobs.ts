import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import {
  PLAN_JOB_POLL_MS,
  PLAN_UPLOAD_MAX_BYTES,
  PLAN_UPLOAD_MAX_MB,
  PLAN_UPLOAD_TIMEOUT_MS,
  jsonObjectSchema,
  planJobRefSchema,
  planJobStatusSchema,
  planUploadResultSchema,
  zoneSchema,
  type PlanBearingBody,
  type PlanCorners,
  type PlanUploadResult,
  type Zone,
} from '@vigil/domain';
import { api, authHeaders, buildUrl } from './client';
import { ApiError } from './errors';
import { floorplanKeys, type ImageSignature } from './floorplans';

// SPEC §4 Plan editing, §7 Zones Plan: the calls of plan edit mode. An image is uploaded, its
// thumbnail made by a job (the preview placed by four corners), then a tile job cuts it into the
// floor's plan tiles and saves the plan on the floor; jobs are polled each second and may be cancelled.

/**
 * The most a plan image may hold (the domain's PLAN_UPLOAD_MAX_MB, which the server enforces), stated
 * to the user before they pick a file and checked before sending.
 */
export { PLAN_UPLOAD_MAX_MB };
export const PLAN_UPLOAD_TOO_LARGE = `A plan image is at most ${PLAN_UPLOAD_MAX_MB} MB`;

const statusSchema = planJobStatusSchema.extend({ result: jsonObjectSchema.optional() });
/** A plan job's status (SPEC §7), with what it made once done (`result`). */
export type PlanJobState = z.infer<typeof statusSchema>;
const jobRef: z.ZodType<{ job: string }> = planJobRefSchema;
const oneZone: z.ZodType<Zone> = zoneSchema;
const uploadResult: z.ZodType<PlanUploadResult> = planUploadResultSchema;

/** What the thumbnail job made: the preview's storage path and pixel size. */
const thumbnailResultSchema = z.object({
  path: z.string().min(1),
  width: z.number().positive(),
  height: z.number().positive(),
});
export type PlanThumbnail = z.infer<typeof thumbnailResultSchema>;

export const planJobKeys = {
  status: (floorId: string, job: string) => [...floorplanKeys.all, 'plan-job', floorId, job] as const,
};

const planPath = (floorId: string, rest: string) => `zones/${encodeURIComponent(floorId)}/plan/${rest}`;

/**
 * SPEC §7 POST zones/{floorId}/plan/upload (multipart field `floorplan`, 600 s timeout). XHR rather
 * than fetch: fetch reports no upload progress, and a plan may be tens of megabytes.
 */
export async function uploadPlanImage(
  floorId: string,
  file: File,
  onProgress: (fraction: number) => void,
  signal?: AbortSignal,
): Promise<PlanUploadResult> {
  if (file.size > PLAN_UPLOAD_MAX_BYTES) throw new ApiError(413, PLAN_UPLOAD_TOO_LARGE);
  const headers = await authHeaders();
  const body = new FormData();
  body.append('floorplan', file, file.name);
  const answer = await new Promise<unknown>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', buildUrl(planPath(floorId, 'upload')));
    xhr.timeout = PLAN_UPLOAD_TIMEOUT_MS;
    for (const [name, value] of Object.entries(headers)) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    xhr.onload = () => {
      const parsed = parseJson(xhr.responseText);
      if (xhr.status >= 200 && xhr.status < 300) resolve(parsed);
      else reject(errorOf(xhr.status, xhr.statusText, parsed));
    };
    xhr.onerror = () => reject(new ApiError(0, 'Could not reach the server', 'network'));
    xhr.ontimeout = () => reject(new ApiError(0, 'The server did not answer in time', 'timeout'));
    xhr.onabort = () => reject(new DOMException('The upload was cancelled', 'AbortError'));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(body);
  });
  return uploadResult.parse(answer);
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

function errorOf(status: number, statusText: string, body: unknown): ApiError {
  const fields = (body ?? {}) as { reason?: string; code?: string; field?: string };
  return new ApiError(status, fields.reason ?? (statusText || `HTTP ${status}`), fields.code, fields.field);
}

/** SPEC §7 POST zones/{floorId}/plan/thumbnail {id, path}: the job making the upload's preview. */
export function startThumbnailJob(floorId: string, upload: PlanUploadResult) {
  return api.post(planPath(floorId, 'thumbnail'), { body: upload, schema: jobRef });
}

/** What a tile job tiles: an upload (`id`), or the image of one of the floor's plans again (`sourceId`). */
export type TileSource = { id: string } | { sourceId: string };

/** SPEC §7 POST zones/{floorId}/plan/tile {corners, id | sourceId}: the job tiling an image placed by its corners. */
export function startTileJob(floorId: string, source: TileSource, corners: PlanCorners) {
  return api.post(planPath(floorId, 'tile'), { body: { corners, ...source }, schema: jobRef });
}

/** SPEC §4 'cancel is possible': the server answers the job's status, no longer running. */
export function cancelPlanJob(floorId: string, job: string) {
  return api.delete(planPath(floorId, `status/${encodeURIComponent(job)}`), { schema: statusSchema });
}

/** SPEC §7 GET zones/{floorId}/plan/status/{job}, polled each second while the job runs. */
export function usePlanJobStatus(floorId: string, job: string | null) {
  return useQuery({
    queryKey: planJobKeys.status(floorId, job ?? ''),
    queryFn: ({ signal }) =>
      api.get(planPath(floorId, `status/${encodeURIComponent(job ?? '')}`), { signal, schema: statusSchema }),
    enabled: job !== null,
    refetchInterval: (query) => (query.state.data?.isRunning === false ? false : PLAN_JOB_POLL_MS),
    // Each poll is news: never served from the cache of an earlier job or render.
    gcTime: 0,
    staleTime: 0,
  });
}

/** The thumbnail job's result, or null when it made none (it failed or was cancelled). */
export function thumbnailOf(status: PlanJobState | undefined): PlanThumbnail | null {
  const parsed = thumbnailResultSchema.safeParse(status?.result);
  return parsed.success ? parsed.data : null;
}

/**
 * SPEC §4 'A rotation saves a bearing': the floor's config.planBearing, through the plan's own route
 * (update FloorPlan, SPEC §6; the zones' update would need update Zone). Its answer is the floor.
 */
export function savePlanBearing(floorId: string, bearing: number) {
  return api.put(`zones/${encodeURIComponent(floorId)}/plan/bearing`, {
    body: { bearing } satisfies PlanBearingBody,
    schema: oneZone,
  });
}

/** A stored image (e.g. a plan's thumbnail) as a whole URL MapLibre can load, on the API's origin. */
export function storedImageUrl(signature: ImageSignature, path: string): string {
  const encoded = path.split('/').map(encodeURIComponent).join('/');
  const base = (import.meta.env.VITE_API_BASE as string | undefined) || window.location.origin;
  return new URL(`${signature.url}/${encoded}`, base).toString();
}
