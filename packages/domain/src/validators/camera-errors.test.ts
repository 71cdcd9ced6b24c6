import { describe, it, expect } from 'vitest';
import { cameraErrorText } from './camera-errors';

describe('cameraErrorText (SPEC §8 QR camera errors)', () => {
  it.each([
    ['NotAllowedError', 'You need to grant camera access permisson'],
    ['NotFoundError', 'No camera on this device'],
    ['NotSupportedError', 'Secure context required (HTTPS, localhost)'],
    ['NotReadableError', 'The camera is already in use'],
    ['OverconstrainedError', 'No suitable camera found'],
    ['StreamApiNotSupportedError', 'This browser does not support QR Scanning'],
    ['AbortError', 'QR Scanner Error: AbortError'],
    ['SecurityError', 'QR Scanner Error: SecurityError'],
    ['TypeError', 'QR Scanner Error: TypeError'],
    // A name is looked up as data: Object's own keys are not error texts.
    ['toString', 'QR Scanner Error: toString'],
    ['notallowederror', 'QR Scanner Error: notallowederror'],
  ])('%s → %j', (name, expected) => {
    expect(cameraErrorText(name)).toBe(expected);
  });
});
