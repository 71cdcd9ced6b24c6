import fs from 'node:fs/promises';
import path from 'node:path';
import { signToken, verifyToken } from './crypto';

/** Local file storage under DATA_DIR/storage (ARCHITECTURE §1; S3-compatible storage comes later). */
export function storageRoot(dataDir: string): string {
  return path.join(dataDir, 'storage');
}

/** Resolves a storage-relative path, refusing anything that escapes the storage root. */
export function resolveStoragePath(root: string, relPath: string): string | undefined {
  const full = path.resolve(root, relPath);
  return full.startsWith(root + path.sep) ? full : undefined;
}

export async function putFile(root: string, relPath: string, content: string | Buffer): Promise<void> {
  const full = resolveStoragePath(root, relPath);
  if (!full) throw new Error(`Bad storage path ${relPath}`);
  await fs.mkdir(path.dirname(full), { recursive: true });
  await fs.writeFile(full, content);
}

type LinkPayload = { typ: 'file'; p: string; exp: number };

export const DOWNLOAD_LINK_TTL_S = 15 * 60;

/** A time-limited download URL that needs no headers, so a browser can open it directly. */
export function signedLink(secret: string, relPath: string, ttlS = DOWNLOAD_LINK_TTL_S) {
  const exp = Math.floor(Date.now() / 1000) + ttlS;
  const token = signToken({ typ: 'file', p: relPath, exp } satisfies LinkPayload, secret);
  return { url: `/api/storage/files/${token}`, expiresAt: new Date(exp * 1000).toISOString() };
}

export function readLink(secret: string, token: string): string | undefined {
  const payload = verifyToken<LinkPayload>(token, secret);
  if (!payload || payload.typ !== 'file' || payload.exp * 1000 < Date.now()) return undefined;
  return payload.p;
}

/**
 * Image storage: the images of an organisation (floor-plan sources, thumbnails, tiles) live under
 * `orgs/<org>/images/`, and a browser reads them with the organisation's image signature
 * (`/api/storage/images/<signature>/<path>`), since a map's tile requests carry no headers.
 */
export function imageStoragePath(orgId: string, relPath: string): string {
  return `orgs/${orgId}/images/${relPath}`;
}

type ImageSignaturePayload = { typ: 'img'; org: string; exp: number };

/** SPEC §7: an image signature is valid 30 minutes. */
export const IMAGE_SIGNATURE_TTL_S = 30 * 60;
/**
 * Signatures are issued on a 5-minute grid: every call within one slot answers the same signature,
 * so the tile URLs a console builds from it stay the same (and cached) between its 30 s checks.
 */
const IMAGE_SIGNATURE_SLOT_S = 5 * 60;

/** The image signature of an organisation: valid at least IMAGE_SIGNATURE_TTL_S from `nowMs`. */
export function signImages(secret: string, orgId: string, nowMs = Date.now()) {
  const earliest = Math.floor(nowMs / 1000) + IMAGE_SIGNATURE_TTL_S;
  const exp = Math.ceil(earliest / IMAGE_SIGNATURE_SLOT_S) * IMAGE_SIGNATURE_SLOT_S;
  const signature = signToken({ typ: 'img', org: orgId, exp } satisfies ImageSignaturePayload, secret);
  return { signature, expiresAt: new Date(exp * 1000).toISOString() };
}

/** The organisation an image signature was issued to, or undefined when it is forged or expired. */
export function readImageSignature(
  secret: string,
  signature: string,
  nowMs = Date.now(),
): string | undefined {
  const payload = verifyToken<ImageSignaturePayload>(signature, secret);
  if (!payload || payload.typ !== 'img' || typeof payload.org !== 'string') return undefined;
  return payload.exp * 1000 > nowMs ? payload.org : undefined;
}
