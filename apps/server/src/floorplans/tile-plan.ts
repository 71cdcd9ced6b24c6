import fs from 'node:fs/promises';
import {
  PLAN_MAX_ZOOM,
  PLAN_MIN_ZOOM,
  boundsOf,
  homographyFromCorners,
  lngLatToWorldPixel,
  type Homography,
} from '@vigil/domain';
import type { Db } from '../platform/db/client';
import type { PlanJobContext } from './plan-job-runner';
import { imageFile, planPaths } from './plan-paths';
import { decodePlanRaster, type PlanRaster } from './plan-raster';
import { PLAN_REASONS, PlanJobFailure } from './plan-reasons';
import { savePlan } from './save-plan';
import { findSource, type TileJobInput } from './start-plan-job';
import { writeTileMapResource } from './tile-map-resource';
import { buildPyramid } from './tile-pyramid';
import { tileWriter } from './tile-writer';

/** The share of the job's percent each step ends at: decoding is quick, tiling is the work. */
const PERCENT = { decoded: 10, tiled: 95 } as const;

/**
 * The tile job (SPEC §4 Plan editing, §9 Map): decodes the uploaded image once, warps it by the
 * four-corner homography into Web Mercator XYZ tiles of 256 px at zoom 22, builds zooms 21–18 from
 * the zoom above, skips empty tiles, writes the tilemapresource, then makes the plan the floor's.
 * The plan's id is the job's, so a retried attempt writes the same plan again from the start.
 */
export async function tilePlan(db: Db, dataDir: string, ctx: PlanJobContext) {
  const { row } = ctx;
  const input = row.input as TileJobInput;
  const source = await findSource(db, row.floorId, input.sourceId);
  if (!source) throw new PlanJobFailure(PLAN_REASONS.sourceNotFound);
  const planId = row.id;
  const dir = imageFile(dataDir, row.orgId, planPaths.plan(row.floorId, planId));
  await fs.rm(dir, { recursive: true, force: true });
  const writer = tileWriter(dir);
  try {
    await ctx.progress('decoding', 1);
    const raster = await decode(imageFile(dataDir, row.orgId, source.path), source, input);
    const homography = placement(raster, input);
    await ctx.progress('tiling', PERCENT.decoded);
    const span = PERCENT.tiled - PERCENT.decoded;
    const pyramid = await buildPyramid({
      image: raster,
      imageOpaque: raster.opaque,
      inverse: homography.inverse,
      quad: input.corners.map((corner) => lngLatToWorldPixel(corner, PLAN_MAX_ZOOM)),
      minZoom: PLAN_MIN_ZOOM,
      maxZoom: PLAN_MAX_ZOOM,
      write: writer.write,
      progress: (done, total) => ctx.progress('tiling', PERCENT.decoded + (span * done) / total),
    });
    await writer.flush();
    const bounds = boundsOf(input.corners);
    await writeTileMapResource(dir, planId, { bounds, minZoom: PLAN_MIN_ZOOM, maxZoom: PLAN_MAX_ZOOM });
    await ctx.progress('saving', PERCENT.tiled);
    const result = { planId, bounds, tiles: pyramid.tiles, tilesByZoom: pyramid.byZoom };
    await savePlan(db, dataDir, row, { id: planId, bounds, tiles: pyramid.tiles }, result);
    return result;
  } catch (err) {
    // Tiles still being written would land after the folder is gone.
    await writer.flush().catch(() => undefined);
    await fs.rm(dir, { recursive: true, force: true });
    throw err;
  }
}

async function decode(
  file: string,
  size: { width: number; height: number },
  input: TileJobInput,
): Promise<PlanRaster> {
  try {
    return await decodePlanRaster(file, size, input.corners);
  } catch {
    throw new PlanJobFailure(PLAN_REASONS.unreadable);
  }
}

/** The homography from world pixels at zoom 22 to the decoded image's pixels; corners it refuses fail the job. */
function placement(raster: PlanRaster, input: TileJobInput): Homography {
  try {
    return homographyFromCorners(raster.width, raster.height, input.corners, PLAN_MAX_ZOOM);
  } catch (err) {
    throw new PlanJobFailure((err as Error).message);
  }
}
