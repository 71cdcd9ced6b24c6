import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import bwipjs from 'bwip-js';
import QRCode from 'qrcode';

// Chromium's fake camera (--use-file-for-fake-video-capture) plays a raw .y4m video in a loop. Here
// a few identical frames of one code (a QR code, or a box label's Code 128): the code drawn black on
// white in the luma (Y) plane, the chroma planes (U, V) left grey at 128, so the picture has no colour.

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
  return video(luma);
}

/** A .y4m video of FRAMES identical frames whose grey picture is `luma`. */
function video(luma: Buffer): Buffer {
  const chroma = Buffer.alloc((WIDTH / 2) * (HEIGHT / 2) * 2, 128);
  const frame = Buffer.concat([Buffer.from('FRAME\n'), luma, chroma]);
  const header = Buffer.from(`YUV4MPEG2 W${WIDTH} H${HEIGHT} F10:1 Ip A1:1 C420jpeg\n`);
  return Buffer.concat([header, ...Array.from({ length: FRAMES }, () => frame)]);
}

/** Code 128 wants a quiet zone of ten modules either side. */
const BAR_QUIET_ZONE = 10;

/** A 640×480 .y4m video of `text` as a Code 128 barcode (a box label), as wide as the frame allows. */
export function code128Video(text: string): Buffer {
  // bwip-js's raw encoding: the widths of bar, space, bar, … in modules.
  const [{ sbs }] = bwipjs.raw({ bcid: 'code128', text }) as unknown as [{ sbs: number[] }];
  const modules = sbs.reduce((sum, width) => sum + width, 0);
  const scale = Math.floor(WIDTH / (modules + 2 * BAR_QUIET_ZONE));
  const left = Math.floor((WIDTH - modules * scale) / 2);
  const top = Math.floor(HEIGHT / 4);
  const luma = Buffer.alloc(WIDTH * HEIGHT, 235);
  let x = left;
  sbs.forEach((width, i) => {
    if (i % 2 === 0) {
      for (let y = top; y < HEIGHT - top; y++) luma.fill(16, y * WIDTH + x, y * WIDTH + x + width * scale);
    }
    x += width * scale;
  });
  return video(luma);
}

/** Writes the video of `text`'s QR code into a new temporary directory; answers its absolute path. */
export function writeQrCodeVideo(text: string): string {
  return writeVideo(qrCodeVideo(text));
}

/** Writes the video of `text`'s Code 128 barcode into a new temporary directory; answers its path. */
export function writeCode128Video(text: string): string {
  return writeVideo(code128Video(text));
}

function writeVideo(content: Buffer): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vigil-fake-camera-'));
  const file = path.join(dir, 'code.y4m');
  fs.writeFileSync(file, content);
  return file;
}
