import type { Matrix3 } from '@vigil/domain';

// The pixel work of the tile job, on raw RGBA buffers (sharp decodes and encodes; it has no
// perspective warp, ARCHITECTURE §9 'Floor plans'). Plain loops over typed arrays: a 256 px tile is
// about a millisecond.

export const TILE_PX = 256;
const ROW_BYTES = TILE_PX * 4;
export const TILE_BYTES = TILE_PX * ROW_BYTES;

/** A decoded image: RGBA, 4 bytes a pixel, row after row. */
export type Raster = { data: Uint8Array; width: number; height: number };

/**
 * Fills `out` (a TILE_BYTES RGBA buffer) with the tile whose top-left world pixel is (x0, y0): each
 * pixel's centre is mapped back through `inverse` (world pixels → image pixels) and the image is
 * sampled there bilinearly; a pixel whose centre falls outside the image is transparent. Answers how
 * many pixels fell on the image (0: an empty tile, which is not written).
 */
export function warpTile(src: Raster, inverse: Matrix3, x0: number, y0: number, out: Uint8Array): number {
  const { data, width, height } = src;
  const [a, b, c, d, e, f, g, h, k] = inverse;
  const lastX = width - 1;
  const lastY = height - 1;
  const stride = width * 4;
  let inside = 0;
  for (let row = 0; row < TILE_PX; row++) {
    const wy = y0 + row + 0.5;
    const wx = x0 + 0.5;
    // Numerators and denominator are linear in the world x: step them along the row.
    let un = a * wx + b * wy + c;
    let vn = d * wx + e * wy + f;
    let dn = g * wx + h * wy + k;
    let o = row * ROW_BYTES;
    for (let col = 0; col < TILE_PX; col++, o += 4, un += a, vn += d, dn += g) {
      const u = un / dn;
      const v = vn / dn;
      if (!(u >= 0 && u < width && v >= 0 && v < height)) {
        out[o] = out[o + 1] = out[o + 2] = out[o + 3] = 0;
        continue;
      }
      inside++;
      // Image pixel i covers [i, i + 1): its centre is i + 0.5.
      const sx = u - 0.5;
      const sy = v - 0.5;
      let ix = Math.floor(sx);
      let iy = Math.floor(sy);
      let fx = sx - ix;
      let fy = sy - iy;
      // At the image's edge the nearest pixel stands in for the missing neighbour.
      if (ix < 0 || ix >= lastX) {
        ix = ix < 0 ? 0 : lastX;
        fx = 0;
      }
      if (iy < 0 || iy >= lastY) {
        iy = iy < 0 ? 0 : lastY;
        fy = 0;
      }
      const p00 = iy * stride + ix * 4;
      const p10 = fx > 0 ? p00 + 4 : p00;
      const p01 = fy > 0 ? p00 + stride : p00;
      const p11 = p01 + (p10 - p00);
      const w10 = fx * (1 - fy);
      const w01 = (1 - fx) * fy;
      const w11 = fx * fy;
      const w00 = 1 - w10 - w01 - w11;
      out[o] = data[p00] * w00 + data[p10] * w10 + data[p01] * w01 + data[p11] * w11 + 0.5;
      out[o + 1] =
        data[p00 + 1] * w00 + data[p10 + 1] * w10 + data[p01 + 1] * w01 + data[p11 + 1] * w11 + 0.5;
      out[o + 2] =
        data[p00 + 2] * w00 + data[p10 + 2] * w10 + data[p01 + 2] * w01 + data[p11 + 2] * w11 + 0.5;
      out[o + 3] =
        data[p00 + 3] * w00 + data[p10 + 3] * w10 + data[p01 + 3] * w01 + data[p11 + 3] * w11 + 0.5;
    }
  }
  return inside;
}

/**
 * Writes the 2×2 downsampled `child` (a tile one zoom deeper) into quadrant (qx, qy) of `out`. Colours
 * are averaged weighted by alpha, so a plan's edge does not darken against its transparent outside.
 * A missing child leaves its quadrant as it is (`out` starts transparent).
 */
export function downsampleInto(child: Uint8Array, out: Uint8Array, qx: number, qy: number): void {
  const half = TILE_PX / 2;
  for (let row = 0; row < half; row++) {
    let s = 2 * row * ROW_BYTES;
    let o = (qy * half + row) * ROW_BYTES + qx * half * 4;
    for (let col = 0; col < half; col++, s += 8, o += 4) {
      const t = s + ROW_BYTES;
      const a0 = child[s + 3];
      const a1 = child[s + 7];
      const a2 = child[t + 3];
      const a3 = child[t + 7];
      const alpha = a0 + a1 + a2 + a3;
      if (alpha === 0) continue;
      for (let ch = 0; ch < 3; ch++) {
        const sum = child[s + ch] * a0 + child[s + 4 + ch] * a1 + child[t + ch] * a2 + child[t + 4 + ch] * a3;
        out[o + ch] = sum / alpha + 0.5;
      }
      out[o + 3] = (alpha + 2) >> 2;
    }
  }
}

/**
 * A convex quad (world pixels at one zoom, in order around it) and whether a square of that zoom
 * overlaps it: the separating-axis test, on the square's axes and the quad's edges.
 */
export function quadOverlap(quad: readonly (readonly [number, number])[]) {
  const xs = quad.map((p) => p[0]);
  const ys = quad.map((p) => p[1]);
  const [minX, maxX, minY, maxY] = [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)];
  const cx = xs.reduce((s, x) => s + x, 0) / quad.length;
  const cy = ys.reduce((s, y) => s + y, 0) / quad.length;
  // Each edge as a line n·p = offset, with n pointing out of the quad.
  const edges = quad.map((p, i) => {
    const q = quad[(i + 1) % quad.length];
    let [nx, ny] = [q[1] - p[1], p[0] - q[0]];
    if (nx * (cx - p[0]) + ny * (cy - p[1]) > 0) [nx, ny] = [-nx, -ny];
    return { nx, ny, offset: nx * p[0] + ny * p[1] };
  });
  return (x0: number, y0: number, size: number): boolean => {
    if (x0 >= maxX || x0 + size <= minX || y0 >= maxY || y0 + size <= minY) return false;
    return edges.every(({ nx, ny, offset }) => {
      // The square's corner reaching furthest against the outward normal.
      const nearest = nx * (nx < 0 ? x0 + size : x0) + ny * (ny < 0 ? y0 + size : y0);
      return nearest < offset;
    });
  };
}
