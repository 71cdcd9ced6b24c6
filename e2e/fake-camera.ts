import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import QRCode from 'qrcode';

// Chromium's fake camera (--use-file-for-fake-video-capture) plays a raw .y4m video in a loop. Here
// a few identical frames of one QR code: the code's modules drawn black on white in the luma (Y)
// plane, the chroma planes (U, V) left grey at 128, so the picture has no colour.

const WIDTH = 640;
const HEIGHT = 480;
const FRAMES = 10;
/** The white margin around a QR code that readers need, in modules (the standard's four). */
const QUIET_ZONE = 4;

/** A 640×480 .y4m video of the QR code of `text`, as large as the frame allows, centred. */
export function qrCodeVideo(text: string): Buffer {
  const { size, data } = QRCode.create(text, { errorCorrectionLevel: 'M' }).modules;
  const scale = Math.floor(Math.min(WIDTH, HEIGHT) / (size + 2 * QUIET_ZONE));
  const left = Math.floor((WIDTH - size * scale) / 2);
  const top = Math.floor((HEIGHT - size * scale) / 2);

  const luma = Buffer.alloc(WIDTH * HEIGHT, 235); // video white
  for (let y = 0; y < size * scale; y++) {
    for (let x = 0; x < size * scale; x++) {
      if (data[Math.floor(y / scale) * size + Math.floor(x / scale)]) luma[(top + y) * WIDTH + left + x] = 16; // video black
    }
  }
  const chroma = Buffer.alloc((WIDTH / 2) * (HEIGHT / 2) * 2, 128);
  const frame = Buffer.concat([Buffer.from('FRAME\n'), luma, chroma]);
  const header = Buffer.from(`YUV4MPEG2 W${WIDTH} H${HEIGHT} F10:1 Ip A1:1 C420jpeg\n`);
  return Buffer.concat([header, ...Array.from({ length: FRAMES }, () => frame)]);
}

/** Writes the video of `text`'s QR code into a new temporary directory; answers its absolute path. */
export function writeQrCodeVideo(text: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vigil-fake-camera-'));
  const file = path.join(dir, 'qr-code.y4m');
  fs.writeFileSync(file, qrCodeVideo(text));
  return file;
}
