/**
 * The camera for QR scanning: opened with getUserMedia, preferring the rear camera (a tablet's back
 * camera faces the code), else any camera. A failure is named as SPEC §8 names camera errors.
 */
export async function openCamera(): Promise<MediaStream> {
  // Browsers hide the camera API outside a secure context: SPEC §8's NotSupportedError says so
  // ('Secure context required'), not that the browser lacks the API.
  if (window.isSecureContext === false) throw namedError('NotSupportedError');
  const media = navigator.mediaDevices as MediaDevices | undefined;
  if (typeof media?.getUserMedia !== 'function') throw namedError('StreamApiNotSupportedError');
  return media.getUserMedia({ audio: false, video: { facingMode: { ideal: 'environment' } } });
}

/** Releases the camera: the browser's camera light goes off. */
export function stopCamera(stream: MediaStream) {
  for (const track of stream.getTracks()) track.stop();
}

/** The name SPEC §8 looks an error up by: a DOMException's or an Error's name. */
export function cameraErrorName(error: unknown): string {
  if (typeof error === 'object' && error !== null && 'name' in error && typeof error.name === 'string') {
    return error.name;
  }
  return 'UnknownError';
}

function namedError(name: string): Error {
  const error = new Error(name);
  error.name = name;
  return error;
}
