// Draws the first page of an uploaded PDF plan into raw RGBA pixels, in a worker thread of its own
// (pdf-page.ts starts it). pdfjs parses and draws on the thread that calls it, and one drawing
// call of a large page holds that thread for hundreds of milliseconds (ARCHITECTURE, floor plans):
// the main thread, which carries the alert path, must never wait behind it.
//
// Plain JavaScript (.mjs) on purpose: Node loads it as it is, whether the server runs under tsx,
// under vitest, or from compiled files; a .ts worker would need the caller's loader.
import { createRequire } from 'node:module';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parentPort, workerData } from 'node:worker_threads';

const require = createRequire(import.meta.url);

/** A folder of pdfjs-dist's own files, as the file-path URL with a trailing slash pdfjs wants. */
function pdfjsDir(name) {
  return `${path.join(path.dirname(require.resolve('pdfjs-dist/package.json')), name)}/`;
}

/**
 * The page's scale (pixels per PDF point): as many pixels as the plan cap allows, no side over
 * maxSide, so the tile job gets the sharpest drawing it will ever use and never has to refuse it.
 */
function pageScale(width, height, maxPixels, maxSide) {
  return Math.min(Math.sqrt(maxPixels / (width * height)), maxSide / Math.max(width, height));
}

/** Why pdfjs refused the file, as a kind pdf-page.ts turns into the answer's reason. */
function failureKind(err) {
  if (err?.name === 'PasswordException') return 'password';
  if (err?.name === 'InvalidPDFException' || err?.name === 'FormatError') return 'damaged';
  return 'unreadable';
}

/**
 * RGBA pixels as a libvips native (.v) image, which sharp reads from a file without JavaScript
 * ever holding it (it reads raw pixels only from memory): a 64-byte little-endian header, then the
 * pixels, band-interleaved, one unsigned byte each.
 */
function vipsImage(width, height, rgba) {
  const header = Buffer.alloc(64);
  header.writeUInt32BE(0xb6a6f208, 0); // VIPS_MAGIC_INTEL: the fields that follow are little-endian
  header.writeInt32LE(width, 4);
  header.writeInt32LE(height, 8);
  header.writeInt32LE(4, 12); // bands
  header.writeInt32LE(8, 16); // bits per band (unused by libvips)
  header.writeInt32LE(0, 20); // VIPS_FORMAT_UCHAR
  header.writeInt32LE(0, 24); // VIPS_CODING_NONE
  header.writeInt32LE(22, 28); // VIPS_INTERPRETATION_sRGB
  header.writeFloatLE(1, 32); // horizontal resolution, pixels per mm
  header.writeFloatLE(1, 36); // vertical resolution
  return Buffer.concat([header, rgba]);
}

async function render({ file, vipsFile, maxPixels, maxSide }) {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const { createCanvas } = require('@napi-rs/canvas');
  const data = new Uint8Array(await fs.readFile(file));
  // Nothing is fetched: fonts, CMaps, colour profiles and image decoders come from the package,
  // no font is handed to a (non-existent) DOM, and no PDF-supplied code is compiled.
  const task = pdfjs.getDocument({
    data,
    isEvalSupported: false,
    disableFontFace: true,
    useSystemFonts: false,
    standardFontDataUrl: pdfjsDir('standard_fonts'),
    cMapUrl: pdfjsDir('cmaps'),
    cMapPacked: true,
    iccUrl: pdfjsDir('iccs'),
    wasmUrl: pdfjsDir('wasm'),
    verbosity: 0,
  });
  let doc;
  try {
    doc = await task.promise;
  } catch (err) {
    return { ok: false, kind: failureKind(err) };
  }
  let drawn;
  try {
    if (doc.numPages < 1) return { ok: false, kind: 'noPages' };
    const page = await doc.getPage(1);
    const base = page.getViewport({ scale: 1 });
    if (!(base.width > 0 && base.height > 0)) return { ok: false, kind: 'noPages' };
    const viewport = page.getViewport({ scale: pageScale(base.width, base.height, maxPixels, maxSide) });
    const width = Math.max(1, Math.floor(viewport.width));
    const height = Math.max(1, Math.floor(viewport.height));
    const canvas = createCanvas(width, height);
    // pdfjs paints the page white first, so the pixels are opaque.
    await page.render({ canvas, canvasContext: canvas.getContext('2d'), viewport }).promise;
    drawn = { canvas, width, height };
  } catch (err) {
    return { ok: false, kind: failureKind(err) };
  } finally {
    await doc.destroy();
  }
  // The pixels go to a file, not through a message: the main thread never holds them (up to
  // 200 MB), whose allocation and collection would pause its event loop. A failure to write is the
  // server's, not the file's: it ends the worker with an error (a 500).
  await fs.writeFile(vipsFile, vipsImage(drawn.width, drawn.height, drawn.canvas.data()));
  return { ok: true, width: drawn.width, height: drawn.height };
}

// Linux keeps a nice value per thread: this one lowers only this thread's, so on a busy machine
// the main thread (presses, alerts) runs first. Elsewhere it would be the whole process's: left be.
if (process.platform === 'linux') os.setPriority(os.constants.priority.PRIORITY_LOW);

const answer = await render(workerData);
parentPort.postMessage(answer);
