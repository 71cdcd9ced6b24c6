import crypto from 'node:crypto';

// Issue 16: a camera's password is kept encrypted (AES-256-GCM) with a key derived from the server's
// secret (platform/settings.ts loadTokenSecret), and bound to its camera marker: a value copied to
// another row does not decrypt.

const VERSION = 'v1';
const IV_BYTES = 12;
const TAG_BYTES = 16;

function keyOf(secret: string): Buffer {
  return Buffer.from(crypto.hkdfSync('sha256', secret, 'vigil', 'camera stream password', 32));
}

/** `v1.<base64url(iv | tag | ciphertext)>` of the password, for the camera marker `markerId`. */
export function encryptStreamPassword(secret: string, markerId: string, password: string): string {
  const iv = crypto.randomBytes(IV_BYTES);
  const cipher = crypto.createCipheriv('aes-256-gcm', keyOf(secret), iv);
  cipher.setAAD(Buffer.from(markerId));
  const body = Buffer.concat([cipher.update(password, 'utf8'), cipher.final()]);
  return `${VERSION}.${Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url')}`;
}

/**
 * The password, or undefined when it cannot be read (another server secret, another marker's value):
 * the camera is then asked without it and refuses, which the proxy answers as a camera fault.
 */
export function decryptStreamPassword(secret: string, markerId: string, stored: string): string | undefined {
  const [version, packed] = stored.split('.');
  if (version !== VERSION || !packed) return undefined;
  const bytes = Buffer.from(packed, 'base64url');
  if (bytes.length < IV_BYTES + TAG_BYTES) return undefined;
  try {
    const decipher = crypto.createDecipheriv('aes-256-gcm', keyOf(secret), bytes.subarray(0, IV_BYTES));
    decipher.setAAD(Buffer.from(markerId));
    decipher.setAuthTag(bytes.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
    return Buffer.concat([decipher.update(bytes.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString(
      'utf8',
    );
  } catch {
    return undefined;
  }
}
