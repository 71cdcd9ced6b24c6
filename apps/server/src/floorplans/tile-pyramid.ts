import type { Matrix3 } from '@vigil/domain';
import { TILE_BYTES, TILE_PX, downsampleInto, quadOverlap, warpTile, type Raster } from './warp-tile';

// The tile pyramid of one plan, depth first: each tile of the lowest zoom is built from its four
// children, down to the highest zoom, where tiles are warped from the image. Only the tiles on the
// plan's quad are visited, empty ones are never written, and at most one branch of tiles is held.

export type PyramidOptions = {
  image: Raster;
  /** World pixels at `maxZoom` → image pixels. */
  inverse: Matrix3;
  /** The plan's four corners in world pixels at `maxZoom`, in order around it. */
  quad: readonly (readonly [number, number])[];
  minZoom: number;
  maxZoom: number;
  /** Stores one tile (RGBA); `opaque` when every pixel is. The buffer is not reused after. */
  write(z: number, x: number, y: number, rgba: Uint8Array, opaque: boolean): Promise<void>;
  /** After each tile of `maxZoom` on the quad: how many are done, of how many. */
  progress(done: number, total: number): Promise<void>;
  /** Set when the image has no transparent pixel: a tile wholly on it is then opaque. */
  imageOpaque: boolean;
};

export type PyramidResult = { tiles: number; byZoom: Record<number, number> };

type Built = { rgba: Uint8Array; opaque: boolean } | null;

/** The longest the pyramid keeps the event loop before letting requests run (alerts share it). */
const YIELD_AFTER_MS = 8;

export async function buildPyramid(opts: PyramidOptions): Promise<PyramidResult> {
  return new Pyramid(opts).build();
}

class Pyramid {
  private readonly overlaps: ReturnType<typeof quadOverlap>;
  private readonly total: number;
  private readonly result: PyramidResult = { tiles: 0, byZoom: {} };
  private done = 0;
  private lastYield = performance.now();

  constructor(private readonly opts: PyramidOptions) {
    this.overlaps = quadOverlap(opts.quad);
    this.total = countTiles(opts.quad, opts.maxZoom, opts.maxZoom, (z, x, y) => this.onQuad(z, x, y));
  }

  async build(): Promise<PyramidResult> {
    const top = tileRangeOf(this.opts.quad, this.opts.minZoom, this.opts.maxZoom);
    for (let y = top.minY; y <= top.maxY; y++) {
      for (let x = top.minX; x <= top.maxX; x++) await this.tile(this.opts.minZoom, x, y);
    }
    return this.result;
  }

  private onQuad(z: number, x: number, y: number): boolean {
    const size = TILE_PX * 2 ** (this.opts.maxZoom - z);
    return this.overlaps(x * size, y * size, size);
  }

  /** Builds, stores and answers one tile (null when it is empty), its children first. */
  private async tile(z: number, x: number, y: number): Promise<Built> {
    if (!this.onQuad(z, x, y)) return null;
    const built = z === this.opts.maxZoom ? await this.warp(x, y) : await this.merge(z, x, y);
    if (!built) return null;
    await this.opts.write(z, x, y, built.rgba, built.opaque);
    this.result.tiles++;
    this.result.byZoom[z] = (this.result.byZoom[z] ?? 0) + 1;
    return built;
  }

  private async warp(x: number, y: number): Promise<Built> {
    const rgba = new Uint8Array(TILE_BYTES);
    const inside = warpTile(this.opts.image, this.opts.inverse, x * TILE_PX, y * TILE_PX, rgba);
    await this.opts.progress(++this.done, this.total);
    if (performance.now() - this.lastYield > YIELD_AFTER_MS) {
      await new Promise((resolve) => setImmediate(resolve));
      this.lastYield = performance.now();
    }
    if (inside === 0) return null;
    return { rgba, opaque: this.opts.imageOpaque && inside === TILE_PX * TILE_PX };
  }

  /** A tile from its four children, each downsampled into its quarter. */
  private async merge(z: number, x: number, y: number): Promise<Built> {
    const rgba = new Uint8Array(TILE_BYTES);
    let children = 0;
    let opaque = true;
    for (const [qx, qy] of QUADRANTS) {
      const child = await this.tile(z + 1, 2 * x + qx, 2 * y + qy);
      opaque &&= child?.opaque ?? false;
      if (!child) continue;
      children++;
      downsampleInto(child.rgba, rgba, qx, qy);
    }
    return children === 0 ? null : { rgba, opaque };
  }
}

const QUADRANTS = [
  [0, 0],
  [1, 0],
  [0, 1],
  [1, 1],
] as const;

/** The tiles of zoom `z` that the quad's bounding box touches. */
function tileRangeOf(quad: readonly (readonly [number, number])[], z: number, maxZoom: number) {
  const size = TILE_PX * 2 ** (maxZoom - z);
  const xs = quad.map((p) => p[0]);
  const ys = quad.map((p) => p[1]);
  return {
    minX: Math.floor(Math.min(...xs) / size),
    maxX: Math.ceil(Math.max(...xs) / size) - 1,
    minY: Math.floor(Math.min(...ys) / size),
    maxY: Math.ceil(Math.max(...ys) / size) - 1,
  };
}

/** How many tiles of zoom `z` overlap the quad: the job's measure of progress. */
function countTiles(
  quad: readonly (readonly [number, number])[],
  z: number,
  maxZoom: number,
  onQuad: (z: number, x: number, y: number) => boolean,
): number {
  const range = tileRangeOf(quad, z, maxZoom);
  let count = 0;
  for (let y = range.minY; y <= range.maxY; y++) {
    for (let x = range.minX; x <= range.maxX; x++) if (onQuad(z, x, y)) count++;
  }
  return count;
}
