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
