import { BarcodeDetector, prepareZXingModule, purgeZXingModule } from 'barcode-detector/ponyfill';
import readerWasmUrl from 'zxing-wasm/reader/zxing_reader.wasm?url';

// The heavy part of the scanner (the ZXing reader, about 1 MB of WebAssembly and its glue), in its
// own chunk: a screen pays for it only once its camera is running.

/** Finds codes in a video frame; barcode-detector's ponyfill, so no native BarcodeDetector is needed. */
export type QrDetector = Pick<BarcodeDetector, 'detect'>;

/**
 * The symbologies a scanner reads: a tag's QR code (SPEC §5 QR scan) by default; the warehouse's
 * box labels are Code 128 (docs/WAREHOUSE.md "Labels and scans"). Fewer formats, faster frames.
 */
export type ScanFormat = 'qr_code' | 'code_128';

// barcode-detector fetches its WebAssembly from a CDN unless told otherwise, and a hospital network
// may not reach one (ARCHITECTURE §2): the reader comes from our own assets, where Vite emits it.
const overrides = {
  locateFile: (path: string, prefix: string) => (path.endsWith('.wasm') ? readerWasmUrl : prefix + path),
};

let ready: Promise<unknown> | null = null;

/** Loads the reader (once per page) and answers a detector of `formats`; rejects if it cannot load. */
export async function createQrDetector(formats: readonly ScanFormat[] = ['qr_code']): Promise<QrDetector> {
  ready ??= prepareZXingModule({ overrides, fireImmediately: true });
  try {
    await ready;
  } catch (error) {
    // A failed load is not kept: the next scanner tries again.
    ready = null;
    purgeZXingModule();
    throw error;
  }
  return new BarcodeDetector({ formats: [...formats] });
}
