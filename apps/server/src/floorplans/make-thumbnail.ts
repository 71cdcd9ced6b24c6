import sharp from 'sharp';
import type { Db } from '../platform/db/client';
import type { PlanJobContext } from './plan-job-runner';
import { ensureDirOf, imageFile, planPaths } from './plan-paths';
import { PLAN_REASONS, PLAN_SOURCE_MAX_PIXELS, PlanJobFailure } from './plan-reasons';
import { findSource, type ThumbnailJobInput } from './start-plan-job';

/**
 * The longest side of a plan's thumbnail: the preview the console places by its four corners while
 * editing (a map's image source); 2048 px stays within every WebGL texture limit.
 */
export const PLAN_THUMBNAIL_MAX_PX = 2048;

/**
 * The thumbnail job (SPEC §4 Plan editing): the uploaded image, upright and at most
 * PLAN_THUMBNAIL_MAX_PX a side, beside it in storage, in its own format (a photo stays a JPEG).
 */
export async function makeThumbnail(db: Db, dataDir: string, ctx: PlanJobContext) {
  const { row } = ctx;
  const input = row.input as ThumbnailJobInput;
  const source = await findSource(db, row.floorId, input.sourceId);
  if (!source) throw new PlanJobFailure(PLAN_REASONS.sourceNotFound);
  await ctx.progress('thumbnail', 10);
  const png = source.format === 'png';
  const path = planPaths.thumbnail(row.floorId, source.id, png ? 'png' : 'jpg');
  const file = imageFile(dataDir, row.orgId, path);
  await ensureDirOf(file);
  const image = sharp(imageFile(dataDir, row.orgId, source.path), {
    autoOrient: true,
    limitInputPixels: PLAN_SOURCE_MAX_PIXELS,
  }).resize(PLAN_THUMBNAIL_MAX_PX, PLAN_THUMBNAIL_MAX_PX, { fit: 'inside', withoutEnlargement: true });
  const info = await (png ? image.png() : image.jpeg({ quality: 85 })).toFile(file).catch(() => {
    throw new PlanJobFailure(PLAN_REASONS.unreadable);
  });
  return { id: source.id, path, width: info.width, height: info.height };
}
