import fs from 'node:fs/promises';
import { Worker } from 'node:worker_threads';
import sharp from 'sharp';
import { HttpError } from '../platform/errors';
import { PLAN_REASONS } from './plan-reasons';
import { PLAN_WORK_MAX_PIXELS } from './plan-raster';

/** The longest side a drawn page may have: libvips' and the source cap's side (16383 px). */
const PDF_MAX_SIDE_PX = 0x3fff;
/** How long a page may take to draw; a page built to never finish must not hold the upload. */
export const PDF_RENDER_TIMEOUT_MS = 120_000;
/**
 * The worker's JavaScript heap: pdfjs' parsed objects. The pixels live outside it (the canvas and
 * its copy, 4 bytes a pixel, at most 200 MB each), so a hostile file ends this worker, not the server.
 */
const WORKER_HEAP_MB = 512;

type WorkerAnswer =
  | { ok: true; width: number; height: number }
  | { ok: false; kind: 'password' | 'damaged' | 'noPages' | 'unreadable' };

const WORKER_URL = new URL('./pdf-page-worker.mjs', import.meta.url);

/**
 * Draws a PDF's first page (SPEC §7 upload) into `pngFile` as an opaque PNG of at most
 * PLAN_WORK_MAX_PIXELS, the most the tile job would use, in a worker thread: pdfjs draws on the
 * thread that calls it, and the main thread carries the alert path. The worker leaves the pixels
 * in a libvips image file beside `pngFile`, which sharp encodes. One page at a time per instance, as tile
 * jobs, to bound the memory (a drawn page and its copy are up to 400 MB). A file that is no
 * drawable PDF is a 400 with its reason.
 */
export async function renderPdfFirstPage(
  pdfFile: string,
  pngFile: string,
): Promise<{ width: number; height: number }> {
  const vipsFile = `${pngFile}.v`;
  try {
    const answer = await oneAtATime(() => drawInWorker(pdfFile, vipsFile));
    if (!answer.ok) throw pdfError(answer.kind);
    // sharp reads and encodes on libuv's threads; the page is white underneath, so no alpha is kept.
    await sharp(vipsFile, { limitInputPixels: PLAN_WORK_MAX_PIXELS }).removeAlpha().png().toFile(pngFile);
    return { width: answer.width, height: answer.height };
  } finally {
    await fs.rm(vipsFile, { force: true });
  }
}

let last: Promise<unknown> = Promise.resolve();

/** Runs `task` after every task queued before it has settled. */
function oneAtATime<T>(task: () => Promise<T>): Promise<T> {
  const turn = last.then(task, task);
  last = turn.catch(() => undefined);
  return turn;
}

function drawInWorker(file: string, vipsFile: string): Promise<WorkerAnswer> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(WORKER_URL, {
      workerData: { file, vipsFile, maxPixels: PLAN_WORK_MAX_PIXELS, maxSide: PDF_MAX_SIDE_PX },
      // The worker is plain JavaScript: none of the parent's flags (a TypeScript loader) apply.
      execArgv: [],
      resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB },
    });
    let settled = false;
    const settle = (finish: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      finish();
    };
    const timer = setTimeout(() => {
      settle(() => reject(pdfError('timeout')));
      void worker.terminate();
    }, PDF_RENDER_TIMEOUT_MS);
    worker.once('message', (answer: WorkerAnswer) => settle(() => resolve(answer)));
    // pdfjs' own failures come back as answers; out of memory is the file's doing (its page needs
    // more than a plan may use), anything else is ours and answered 500 with its log line.
    worker.once('error', (err: Error & { code?: string }) =>
      settle(() => reject(err.code === 'ERR_WORKER_OUT_OF_MEMORY' ? pdfError('unreadable') : err)),
    );
    worker.once('exit', (code) => settle(() => reject(new Error(`PDF worker exited with ${code}`))));
  });
}

function pdfError(kind: 'password' | 'damaged' | 'noPages' | 'unreadable' | 'timeout'): HttpError {
  const reason = {
    password: PLAN_REASONS.pdfPassword,
    damaged: PLAN_REASONS.pdfDamaged,
    noPages: PLAN_REASONS.pdfNoPages,
    unreadable: PLAN_REASONS.pdfNotDrawn,
    timeout: PLAN_REASONS.pdfTooSlow,
  }[kind];
  return new HttpError(400, reason, 'unreadable_pdf', 'floorplan');
}
