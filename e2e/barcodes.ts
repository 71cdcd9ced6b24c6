import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { prepareZXingModule, readBarcodes } from 'zxing-wasm/reader';

// Reading barcodes back in a test (issue 22: "the label page printed to PDF shows a readable
// barcode"): Chromium's PDF is drawn by pdf.js into pixels, as a printer or a viewer would, and
// the pixels are read by ZXing, the reader the kiosk camera uses. Nothing is fetched: pdf.js's
// fonts and ZXing's WebAssembly come from node_modules.

const require = createRequire(import.meta.url);

let ready: Promise<unknown> | null = null;
function zxing() {
  ready ??= prepareZXingModule({
    overrides: { wasmBinary: fs.readFileSync(require.resolve('zxing-wasm/reader/zxing_reader.wasm')) },
    fireImmediately: true,
  });
  return ready;
}

/** The texts of the Code 128 barcodes in a PNG image. */
export async function code128InPng(png: Uint8Array): Promise<string[]> {
  await zxing();
  const found = await readBarcodes(png, { formats: ['Code128'], maxNumberOfSymbols: 8 });
  return found.filter((code) => code.isValid).map((code) => code.text);
}

/** The first page of a PDF drawn at `scale` pixels per point, as PNG (what a printer would put on paper). */
export async function firstPageAsPng(pdf: Uint8Array, scale = 3): Promise<Uint8Array> {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const { createCanvas } = await import('@napi-rs/canvas');
  const dir = (name: string) =>
    `${path.join(path.dirname(require.resolve('pdfjs-dist/package.json')), name)}/`;
  const doc = await pdfjs.getDocument({
    data: new Uint8Array(pdf),
    isEvalSupported: false,
    disableFontFace: true,
    useSystemFonts: false,
    standardFontDataUrl: dir('standard_fonts'),
    cMapUrl: dir('cmaps'),
    cMapPacked: true,
    verbosity: 0,
  }).promise;
  try {
    const page = await doc.getPage(1);
    const viewport = page.getViewport({ scale });
    const canvas = createCanvas(Math.floor(viewport.width), Math.floor(viewport.height));
    await page.render({
      canvas: canvas as unknown as HTMLCanvasElement,
      canvasContext: canvas.getContext('2d') as unknown as CanvasRenderingContext2D,
      viewport,
    }).promise;
    return new Uint8Array(await canvas.encode('png'));
  } finally {
    await doc.destroy();
  }
}
