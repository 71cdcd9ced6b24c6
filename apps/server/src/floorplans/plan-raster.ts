import sharp from 'sharp';
import { PLAN_MAX_ZOOM, lngLatToWorldPixel, type PlanCorners } from '@vigil/domain';
import type { Raster } from './warp-tile';
import { PLAN_SOURCE_MAX_PIXELS } from './plan-reasons';

/**
 * The most pixels the tile job decodes into memory (4 bytes each: 200 MB). A larger image is first
 * shrunk by libvips as it is read, which never holds it whole.
 */
export const PLAN_WORK_MAX_PIXELS = 50_000_000;

export type PlanRaster = Raster & { opaque: boolean };

/**
 * Decodes a plan image once for tiling, upright (EXIF orientation applied), as raw RGBA. An image
 * denser than the highest zoom shows it (more image pixels than tile pixels along its edges) is
 * shrunk to that zoom's resolution first: bilinear sampling would otherwise skip pixels (aliasing),
 * and memory would go to detail no tile keeps.
 */
export async function decodePlanRaster(
  file: string,
  size: { width: number; height: number },
  corners: PlanCorners,
): Promise<PlanRaster> {
  const scale = workingScale(size, corners);
  let image = sharp(file, { autoOrient: true, limitInputPixels: PLAN_SOURCE_MAX_PIXELS });
  const hasAlpha = (await image.metadata()).hasAlpha;
  if (scale < 1) {
    const width = Math.max(1, Math.round(size.width * scale));
    const height = Math.max(1, Math.round(size.height * scale));
    image = image.resize(width, height, { fit: 'fill', kernel: 'lanczos3' });
  }
  const { data, info } = await image.ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height, opaque: !hasAlpha };
}

/** How much to shrink the image: 1 when it is no denser than the highest zoom and small enough. */
function workingScale(size: { width: number; height: number }, corners: PlanCorners): number {
  const [tl, tr, br, bl] = corners.map((corner) => lngLatToWorldPixel(corner, PLAN_MAX_ZOOM));
  const length = (p: readonly number[], q: readonly number[]) => Math.hypot(q[0] - p[0], q[1] - p[1]);
  const across = Math.max(length(tl, tr), length(bl, br)) / size.width;
  const down = Math.max(length(tl, bl), length(tr, br)) / size.height;
  const density = Math.max(across, down);
  const memory = Math.sqrt(PLAN_WORK_MAX_PIXELS / (size.width * size.height));
  return Math.min(1, density, memory);
}
