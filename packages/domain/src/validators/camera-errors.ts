/** SPEC §8 QR camera errors: the camera error names the QR scanner names itself, with their texts. */
const CAMERA_ERROR_TEXTS = {
  NotAllowedError: 'You need to grant camera access permisson',
  NotFoundError: 'No camera on this device',
  NotSupportedError: 'Secure context required (HTTPS, localhost)',
  NotReadableError: 'The camera is already in use',
  OverconstrainedError: 'No suitable camera found',
  StreamApiNotSupportedError: 'This browser does not support QR Scanning',
} as const satisfies Record<string, string>;

export type CameraErrorName = keyof typeof CAMERA_ERROR_TEXTS;

/**
 * SPEC §8 QR camera errors: what the scanner shows for a camera error, by the error's name (a
 * DOMException name, or StreamApiNotSupportedError for a browser without a camera API); any other
 * name gives 'QR Scanner Error: <name>'. SPEC's spelling ('permisson') is kept.
 */
export function cameraErrorText(name: string): string {
  return Object.hasOwn(CAMERA_ERROR_TEXTS, name)
    ? CAMERA_ERROR_TEXTS[name as CameraErrorName]
    : `QR Scanner Error: ${name}`;
}
