import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import sharp from 'sharp';
import type { Db } from '../platform/db/client';
import { writeAudit } from '../platform/audit';
import { HttpError, badRequest } from '../platform/errors';
import type { Actor } from '../platform/caller';
import { planSources } from './tables';
import { findPlanFloor } from './plan-floor';
import { ensureDirOf, imageFile, planPaths, removeImageDir } from './plan-paths';
import { PLAN_REASONS, PLAN_SOURCE_MAX_PIXELS, PLAN_UPLOAD_MAX_BYTES } from './plan-reasons';
import { renderPdfFirstPage } from './pdf-page';

/** What the multipart part holds, by its first bytes (never by its name or declared type). */
type Sniffed = 'png' | 'jpeg' | 'pdf' | 'gif' | 'other';

const MULTIPART_OVERHEAD_BYTES = 64 * 1024;

/** The upload as the request carries it: its declared size, and its first file part read on demand. */
export type PlanUpload = {
  declaredBytes: number;
  isMultipart: boolean;
  /** The first file part, read with these limits (busboy marks a part over fileSize `truncated`). */
  filePart(
    limits: Record<string, number>,
  ): Promise<{ fieldname: string; file: NodeJS.ReadableStream & { truncated?: boolean } } | undefined>;
};

/**
 * SPEC §7 POST zones/{floorId}/plan/upload: stores the image of the multipart field `floorplan` as
 * the floor's new plan source. PNG, JPEG or a PDF's first page (by content), at most
 * PLAN_UPLOAD_MAX_BYTES and PLAN_SOURCE_MAX_PIXELS. Answers its id and storage path, which the
 * thumbnail call then names.
 */
export async function uploadPlan(db: Db, dataDir: string, actor: Actor, floorId: string, upload: PlanUpload) {
  const floor = await findPlanFloor(db, actor.caller.scope, floorId);
  if (upload.declaredBytes > PLAN_UPLOAD_MAX_BYTES + MULTIPART_OVERHEAD_BYTES) throw tooLarge();
  if (!upload.isMultipart) throw badRequest(PLAN_REASONS.noFile, 'floorplan');
  const part = await upload.filePart({ fileSize: PLAN_UPLOAD_MAX_BYTES, files: 1, fields: 10, parts: 20 });
  if (!part || part.fieldname !== 'floorplan') {
    part?.file.resume();
    throw badRequest(PLAN_REASONS.noFile, 'floorplan');
  }
  const orgId = actor.caller.org.id;
  const id = randomUUID();
  const temp = imageFile(dataDir, orgId, `${planPaths.sourceDir(floor.id, id)}/upload.part`);
  try {
    const { sniffed } = await receive(part.file, temp);
    const source = await storeSource(temp, acceptedFormat(sniffed), (ext) => {
      const path = planPaths.source(floor.id, id, ext);
      return { path, file: imageFile(dataDir, orgId, path) };
    });
    await db.transaction(async (tx) => {
      const values = { id, orgId, floorId: floor.id, ...source };
      await tx.insert(planSources).values(values);
      await writeAudit(tx, actor, { entity: 'plan_source', entityId: id, action: 'create', after: values });
    });
    return { id, path: source.path };
  } catch (err) {
    await removeImageDir(dataDir, orgId, planPaths.sourceDir(floor.id, id));
    throw err;
  }
}

type StoredSource = { path: string; format: 'png' | 'jpeg'; width: number; height: number; bytes: number };

/**
 * Moves the received file to its place as the plan's source: a PNG or JPEG as sent, a PDF as the
 * PNG of its first page (drawn in a worker thread, pdf-page.ts), so the thumbnail and tile jobs
 * only ever read images.
 */
async function storeSource(
  temp: string,
  kind: 'png' | 'jpeg' | 'pdf',
  place: (ext: string) => { path: string; file: string },
): Promise<StoredSource> {
  const format = kind === 'jpeg' ? 'jpeg' : 'png';
  const { path, file } = place(format === 'png' ? 'png' : 'jpg');
  if (kind === 'pdf') {
    await renderPdfFirstPage(temp, file);
    await fs.promises.rm(temp, { force: true });
  } else {
    await fs.promises.rename(temp, file);
  }
  const { width, height } = await readSize(file, format);
  const { size: bytes } = await fs.promises.stat(file);
  return { path, format, width, height, bytes };
}

/** Writes the part to `file`, noting what its first bytes say it is; a part over the limit is a 413. */
async function receive(
  stream: NodeJS.ReadableStream & { truncated?: boolean },
  file: string,
): Promise<{ sniffed: Sniffed; bytes: number }> {
  await ensureDirOf(file);
  const out = fs.createWriteStream(file);
  let head = Buffer.alloc(0);
  let bytes = 0;
  try {
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      if (head.length < 16) head = Buffer.concat([head, chunk.subarray(0, 16)]);
      bytes += chunk.length;
      if (!out.write(chunk)) await new Promise<void>((resolve) => out.once('drain', () => resolve()));
    }
  } finally {
    await new Promise<void>((resolve) => out.end(() => resolve()));
  }
  if (stream.truncated) throw tooLarge();
  return { sniffed: sniff(head), bytes };
}

function sniff(head: Buffer): Sniffed {
  if (head.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png';
  if (head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return 'jpeg';
  if (head.subarray(0, 5).toString('latin1') === '%PDF-') return 'pdf';
  if (head.subarray(0, 4).toString('latin1') === 'GIF8') return 'gif';
  return 'other';
}

function acceptedFormat(sniffed: Sniffed): 'png' | 'jpeg' | 'pdf' {
  if (sniffed === 'png' || sniffed === 'jpeg' || sniffed === 'pdf') return sniffed;
  const reason = sniffed === 'gif' ? PLAN_REASONS.gif : PLAN_REASONS.notImage;
  throw new HttpError(400, reason, 'unsupported_image', 'floorplan');
}

/** The image's upright size from its header (EXIF orientation applied); refuses what libvips cannot read. */
async function readSize(file: string, format: 'png' | 'jpeg'): Promise<{ width: number; height: number }> {
  const meta = await sharp(file, { limitInputPixels: false })
    .metadata()
    .catch(() => undefined);
  if (!meta || meta.format !== format || !meta.width || !meta.height) {
    throw new HttpError(400, PLAN_REASONS.unreadable, 'unreadable_image', 'floorplan');
  }
  if (meta.width * meta.height > PLAN_SOURCE_MAX_PIXELS) {
    throw new HttpError(
      400,
      PLAN_REASONS.tooManyPixels(meta.width, meta.height),
      'image_too_large',
      'floorplan',
    );
  }
  return meta.autoOrient;
}

function tooLarge(): HttpError {
  return new HttpError(413, PLAN_REASONS.tooLarge, 'image_too_large', 'floorplan');
}
