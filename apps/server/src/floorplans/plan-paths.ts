import fs from 'node:fs/promises';
import path from 'node:path';
import { imageStoragePath, resolveStoragePath, storageRoot } from '../platform/storage';

// Where a floor's plan files lie in the organisation's image storage (platform/storage.ts), as the
// image signature's URLs name them: /api/storage/images/<signature>/<one of these paths>.
//
//   plans/<floor>/sources/<source>/source.png|jpg     the uploaded image, as sent
//   plans/<floor>/sources/<source>/thumbnail.png|jpg  its preview for placing the corners
//   plans/<floor>/<plan>/<z>/<x>/<y>.png             the tiles (XYZ, 256 px, zoom 18–22)
//   plans/<floor>/<plan>/tilemapresource.xml|json     their bounds and zooms
//
// Every file is written once under a new id and never changed, so it may be cached for good.

export const planPaths = {
  sourceDir: (floorId: string, sourceId: string) => `plans/${floorId}/sources/${sourceId}`,
  source: (floorId: string, sourceId: string, ext: string) =>
    `plans/${floorId}/sources/${sourceId}/source.${ext}`,
  thumbnail: (floorId: string, sourceId: string, ext: string) =>
    `plans/${floorId}/sources/${sourceId}/thumbnail.${ext}`,
  plan: (floorId: string, planId: string) => `plans/${floorId}/${planId}`,
};

/** The absolute path of an organisation's image-storage path under DATA_DIR. */
export function imageFile(dataDir: string, orgId: string, relPath: string): string {
  const full = resolveStoragePath(storageRoot(dataDir), imageStoragePath(orgId, relPath));
  if (!full) throw new Error(`Bad image storage path ${relPath}`);
  return full;
}

/** Removes a stored folder of the organisation's images (a replaced plan's tiles); missing is fine. */
export async function removeImageDir(dataDir: string, orgId: string, relPath: string): Promise<void> {
  await fs.rm(imageFile(dataDir, orgId, relPath), { recursive: true, force: true });
}

/** Creates the folder a file is about to be written in. */
export async function ensureDirOf(file: string): Promise<void> {
  await fs.mkdir(path.dirname(file), { recursive: true });
}
