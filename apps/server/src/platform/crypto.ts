import crypto from 'node:crypto';
import { promisify } from 'node:util';

const scrypt = promisify(crypto.scrypt) as (
  password: string,
  salt: Buffer,
  keylen: number,
  options: crypto.ScryptOptions,
) => Promise<Buffer>;

const SCRYPT = { N: 16384, r: 8, p: 1, keylen: 32 } as const;

/** Password hash: scrypt with a random salt, stored as `scrypt$N$r$p$salt$hash`. */
export async function hashPassword(password: string): Promise<string> {
  const salt = crypto.randomBytes(16);
  const hash = await scrypt(password, salt, SCRYPT.keylen, { N: SCRYPT.N, r: SCRYPT.r, p: SCRYPT.p });
  return [
    'scrypt',
    SCRYPT.N,
    SCRYPT.r,
    SCRYPT.p,
    salt.toString('base64url'),
    hash.toString('base64url'),
  ].join('$');
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64url');
  const actual = await scrypt(password, Buffer.from(salt, 'base64url'), expected.length, {
    N: Number(n),
    r: Number(r),
    p: Number(p),
  });
  return crypto.timingSafeEqual(actual, expected);
}

/** A dummy verification so an unknown account costs the same time as a wrong password. */
let dummyHash: Promise<string> | undefined;
export async function burnPasswordTime(password: string): Promise<void> {
  dummyHash ??= hashPassword('not-a-real-password');
  await verifyPassword(password, await dummyHash);
}

export function sha256(text: string): string {
  return crypto.createHash('sha256').update(text).digest('hex');
}

/** A random secret with `bytes` bytes of entropy, base64url. */
export function randomSecret(bytes = 32): string {
  return crypto.randomBytes(bytes).toString('base64url');
}

/** Signed, self-contained token: base64url(JSON payload) + '.' + HMAC-SHA256. */
export function signToken(payload: object, secret: string): string {
  const body = Buffer.from(JSON.stringify(payload)).toString('base64url');
  const mac = crypto.createHmac('sha256', secret).update(body).digest('base64url');
  return `${body}.${mac}`;
}

export function verifyToken<T>(token: string, secret: string): T | undefined {
  const dot = token.indexOf('.');
  if (dot <= 0) return undefined;
  const body = token.slice(0, dot);
  const mac = Buffer.from(token.slice(dot + 1), 'base64url');
  const expected = crypto.createHmac('sha256', secret).update(body).digest();
  if (mac.length !== expected.length || !crypto.timingSafeEqual(mac, expected)) return undefined;
  try {
    return JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as T;
  } catch {
    return undefined;
  }
}

const SEALED_VERSION = 'v1';
const SEALED_IV_BYTES = 12;
const SEALED_TAG_BYTES = 16;

/**
 * A secret kept in the database that the server must read back (a camera's password, an OpenID
 * client secret): AES-256-GCM with a key derived from the server's secret for `purpose`, bound to
 * `owner` (the row it belongs to), so a value copied to another row does not open. `v1.<base64url>`.
 */
export function sealSecret(serverSecret: string, purpose: string, owner: string, text: string): string {
  const iv = crypto.randomBytes(SEALED_IV_BYTES);
  const cipher = crypto.createCipheriv('aes-256-gcm', sealingKey(serverSecret, purpose), iv);
  cipher.setAAD(Buffer.from(owner));
  const body = Buffer.concat([cipher.update(text, 'utf8'), cipher.final()]);
  return `${SEALED_VERSION}.${Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url')}`;
}

/** The text `sealSecret` sealed, or undefined when it cannot be opened (another secret, purpose or owner). */
export function openSecret(
  serverSecret: string,
  purpose: string,
  owner: string,
  sealed: string,
): string | undefined {
  const [version, packed] = sealed.split('.');
  if (version !== SEALED_VERSION || !packed) return undefined;
  const bytes = Buffer.from(packed, 'base64url');
  if (bytes.length < SEALED_IV_BYTES + SEALED_TAG_BYTES) return undefined;
  try {
    const decipher = crypto.createDecipheriv(
      'aes-256-gcm',
      sealingKey(serverSecret, purpose),
      bytes.subarray(0, SEALED_IV_BYTES),
    );
    decipher.setAAD(Buffer.from(owner));
    decipher.setAuthTag(bytes.subarray(SEALED_IV_BYTES, SEALED_IV_BYTES + SEALED_TAG_BYTES));
    return Buffer.concat([
      decipher.update(bytes.subarray(SEALED_IV_BYTES + SEALED_TAG_BYTES)),
      decipher.final(),
    ]).toString('utf8');
  } catch {
    return undefined;
  }
}

function sealingKey(serverSecret: string, purpose: string): Buffer {
  return Buffer.from(crypto.hkdfSync('sha256', serverSecret, 'vigil', purpose, 32));
}
