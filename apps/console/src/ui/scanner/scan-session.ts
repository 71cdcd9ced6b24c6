import { cameraErrorName, openCamera, stopCamera } from './camera';
import { createRepeatFilter } from './repeat-filter';
import type { QrDetector, ScanFormat } from './qr-detector';

/** How often a frame of the video is searched for a QR code. */
const SCAN_INTERVAL_MS = 150;
/** A code is reported again once it has been out of view this long (a second showing of a tag). */
export const SAME_CODE_GONE_MS = 1000;
/**
 * The name the scanner gives a reader that could not load or run: barcode-detector reports one as a
 * NotSupportedError, whose SPEC §8 text ('Secure context required') would send the user astray.
 */
export const DETECTOR_ERROR = 'BarcodeDetectorError';

export type ScanSessionHandlers = {
  /** A content came into view. */
  onScan: (text: string) => void;
  /** The camera runs and frames are being searched. */
  onScanning: () => void;
  /** The camera or the reader failed: the error's name (SPEC §8 gives its text); the session is over. */
  onError: (name: string) => void;
  /** What the reader looks for; default a QR code. */
  formats?: readonly ScanFormat[];
};

/**
 * Opens the camera into `video`, loads the reader and searches the frames until `stop()`, which
 * releases the camera, whatever point the start had reached.
 */
export function startScanSession(video: HTMLVideoElement, handlers: ScanSessionHandlers) {
  let stopped = false;
  let stream: MediaStream | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;

  function stop() {
    stopped = true;
    clearTimeout(timer);
    if (stream) stopCamera(stream);
    stream = null;
    video.srcObject = null;
  }

  function fail(name: string) {
    if (stopped) return;
    stop();
    handlers.onError(name);
  }

  async function start() {
    try {
      const opened = await openCamera();
      if (stopped) return stopCamera(opened);
      stream = opened;
      video.srcObject = opened;
      await video.play();
    } catch (error) {
      return fail(cameraErrorName(error));
    }
    let detector: QrDetector;
    try {
      const { createQrDetector } = await import('./qr-detector');
      if (stopped) return;
      detector = await createQrDetector(handlers.formats);
    } catch {
      return fail(DETECTOR_ERROR);
    }
    if (stopped) return;
    handlers.onScanning();
    const fresh = createRepeatFilter(SAME_CODE_GONE_MS);

    async function scanFrame() {
      if (stopped) return;
      // Before the first frame has data there is nothing to search.
      if (video.readyState >= HTMLMediaElement.HAVE_CURRENT_DATA) {
        try {
          const codes = await detector.detect(video);
          if (stopped) return;
          for (const text of fresh(
            codes.map((code) => code.rawValue),
            performance.now(),
          ))
            handlers.onScan(text);
        } catch {
          return fail(DETECTOR_ERROR);
        }
      }
      if (!stopped) timer = setTimeout(() => void scanFrame(), SCAN_INTERVAL_MS);
    }
    void scanFrame();
  }

  void start();
  return { stop };
}
