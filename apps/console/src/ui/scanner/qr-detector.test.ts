import crypto from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { ZXING_WASM_SHA256 } from 'barcode-detector/ponyfill';

describe('the QR reader served with the console', () => {
  it('is the WebAssembly that barcode-detector’s bundled ZXing code was built for', () => {
    // The console serves zxing-wasm's file, while barcode-detector carries its own copy of the
    // code that loads it: a version apart, the reader would fail to start on the kiosk.
    const file = createRequire(import.meta.url).resolve('zxing-wasm/reader/zxing_reader.wasm');
    const sha256 = crypto.createHash('sha256').update(fs.readFileSync(file)).digest('hex');
    expect(sha256).toBe(ZXING_WASM_SHA256);
  });
});
