import fs from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { forbidden } from '../platform/errors';
import { imageStoragePath, readImageSignature, resolveStoragePath, signImages } from '../platform/storage';

// SPEC §7 storage/signature/images: plan tiles, thumbnails and sources are read by the browser's map
// without headers, so their URLs carry the organisation's image signature instead.

/** The file kinds image storage serves, by extension. */
const IMAGE_TYPES: Record<string, string> = {
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.xml': 'application/xml',
  '.json': 'application/json',
};

/** Files this small are read whole (a tile); larger ones (a source image) are streamed. */
const READ_WHOLE_BYTES = 1024 * 1024;

/** A relative path of word characters, dashes, dots and slashes, none of its segments empty or dots only. */
const SAFE_PATH = /^(?:[\w-][\w.-]*\/)*[\w-][\w.-]*$/;

/** GET /api/storage/signature/images: the caller's organisation's image signature and the URL prefix it opens. */
export function imageSignature(secret: string, orgId: string) {
  const { signature, expiresAt } = signImages(secret, orgId);
  return { signature, expiresAt, url: `/api/storage/images/${signature}` };
}

export type ImageFile = { type: string; size: number; body: Buffer | Readable };

/**
 * The image at `relPath` of the organisation the signature names. A forged or expired signature is
 * a 403 with its reason; a path that names no stored image answers undefined (a silent 404: a map
 * asks for tiles that an empty part of a plan never had).
 */
export async function openImage(
  storageRoot: string,
  secret: string,
  signature: string,
  relPath: string,
): Promise<ImageFile | undefined> {
  const orgId = readImageSignature(secret, signature);
  if (!orgId) throw forbidden('The image signature is missing, invalid or expired: ask for a new one');
  const type = IMAGE_TYPES[path.extname(relPath).toLowerCase()];
  if (!type || !SAFE_PATH.test(relPath)) return undefined;
  const full = resolveStoragePath(storageRoot, imageStoragePath(orgId, relPath));
  if (!full) return undefined;
  const stat = await fs.promises.stat(full).catch(() => undefined);
  if (!stat?.isFile()) return undefined;
  const body = stat.size <= READ_WHOLE_BYTES ? await fs.promises.readFile(full) : fs.createReadStream(full);
  return { type, size: stat.size, body };
}
