import { openSecret, sealSecret } from '../platform/crypto';

// Issue 16: a camera's password is kept sealed (platform/crypto.ts sealSecret: AES-256-GCM with a
// key derived from the server's secret) and bound to its camera marker: a value copied to another
// row does not open.

const PURPOSE = 'camera stream password';

/** The stored form of the password, for the camera marker `markerId`. */
export function encryptStreamPassword(secret: string, markerId: string, password: string): string {
  return sealSecret(secret, PURPOSE, markerId, password);
}

/**
 * The password, or undefined when it cannot be read (another server secret, another marker's value):
 * the camera is then asked without it and refuses, which the proxy answers as a camera fault.
 */
export function decryptStreamPassword(secret: string, markerId: string, stored: string): string | undefined {
  return openSecret(secret, PURPOSE, markerId, stored);
}
