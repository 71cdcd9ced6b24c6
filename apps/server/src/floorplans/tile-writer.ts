import fs from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { TILE_PX } from './warp-tile';

/** Tiles being encoded and written at once: sharp encodes on libuv's threads while the next tile is warped. */
const IN_FLIGHT = 4;
/** zlib level of tile PNGs: 6 (libpng's default) costs about twice 3 for a few per cent of size. */
const PNG_COMPRESSION = 3;

export type TileWriter = {
  /** Queues one tile; resolves once there is room for another (not when it is written). */
  write(z: number, x: number, y: number, rgba: Uint8Array, opaque: boolean): Promise<void>;
  /** Waits for every queued tile; the first failure rejects. */
  flush(): Promise<void>;
};

/** Writes tiles as PNG under `dir`/{z}/{x}/{y}.png, a few at a time; an opaque tile drops its alpha. */
export function tileWriter(dir: string): TileWriter {
  const running = new Set<Promise<void>>();
  const made = new Set<string>();
  let failure: unknown;

  const one = async (z: number, x: number, y: number, rgba: Uint8Array, opaque: boolean) => {
    const folder = path.join(dir, String(z), String(x));
    if (!made.has(folder)) {
      await fs.mkdir(folder, { recursive: true });
      made.add(folder);
    }
    let image = sharp(rgba, { raw: { width: TILE_PX, height: TILE_PX, channels: 4 } });
    if (opaque) image = image.removeAlpha();
    const png = await image.png({ compressionLevel: PNG_COMPRESSION, adaptiveFiltering: false }).toBuffer();
    await fs.writeFile(path.join(folder, `${y}.png`), png);
  };

  return {
    async write(z, x, y, rgba, opaque) {
      if (failure) throw failure;
      const task: Promise<void> = one(z, x, y, rgba, opaque)
        .catch((err: unknown) => {
          failure ??= err;
        })
        .finally(() => running.delete(task));
      running.add(task);
      if (running.size >= IN_FLIGHT) await Promise.race(running);
    },
    async flush() {
      await Promise.all(running);
      if (failure) throw failure;
    },
  };
}
