import crypto from 'node:crypto';

// Vigil's own SAML certificate (issue 17: the SP metadata shows one for the hospital's IT to import).
// Node can make a key pair but not an X.509 certificate, and the libraries that can (selfsigned,
// node-forge) are not the server's dependencies; a self-signed certificate is a few DER structures
// around the public key, signed by node:crypto. Nothing here verifies anything: an IdP only reads the
// public key out of it, to check the AuthnRequests Vigil signs.

const SHA256_WITH_RSA = '1.2.840.113549.1.1.11';
const COMMON_NAME = '2.5.4.3';

function der(tag: number, body: Buffer): Buffer {
  const n = body.length;
  if (n < 0x80) return Buffer.concat([Buffer.from([tag, n]), body]);
  const len: number[] = [];
  for (let rest = n; rest > 0; rest = Math.floor(rest / 256)) len.unshift(rest % 256);
  return Buffer.concat([Buffer.from([tag, 0x80 | len.length, ...len]), body]);
}

const sequence = (...items: Buffer[]) => der(0x30, Buffer.concat(items));
const set = (...items: Buffer[]) => der(0x31, Buffer.concat(items));
const nullValue = () => Buffer.from([0x05, 0x00]);
const utf8 = (text: string) => der(0x0c, Buffer.from(text, 'utf8'));
const bitString = (bytes: Buffer) => der(0x03, Buffer.concat([Buffer.from([0]), bytes]));

function integer(bytes: Buffer): Buffer {
  // DER integers are signed: a leading byte with its top bit set needs a zero before it.
  return der(0x02, bytes[0]! & 0x80 ? Buffer.concat([Buffer.from([0]), bytes]) : bytes);
}

function oid(dotted: string): Buffer {
  const [a, b, ...rest] = dotted.split('.').map(Number) as [number, number, ...number[]];
  const out = [40 * a + b];
  for (const arc of rest) {
    const groups = [arc & 0x7f];
    for (let v = Math.floor(arc / 128); v > 0; v = Math.floor(v / 128)) groups.unshift((v & 0x7f) | 0x80);
    out.push(...groups);
  }
  return der(0x06, Buffer.from(out));
}

/** UTCTime until 2049, GeneralizedTime from 2050 (RFC 5280 §4.1.2.5). */
function time(date: Date): Buffer {
  const iso = date.toISOString().replace(/[-:T]/g, '').slice(0, 14) + 'Z';
  return date.getUTCFullYear() < 2050 ? der(0x17, Buffer.from(iso.slice(2))) : der(0x18, Buffer.from(iso));
}

const name = (commonName: string) => sequence(set(sequence(oid(COMMON_NAME), utf8(commonName))));

/** A new RSA key and its self-signed certificate, both PEM. */
export function selfSignedCertificate(
  commonName: string,
  opts: { years?: number; now?: Date } = {},
): { privateKey: string; certificate: string } {
  const { privateKey, publicKey } = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 });
  const now = opts.now ?? new Date();
  const notAfter = new Date(now);
  notAfter.setUTCFullYear(now.getUTCFullYear() + (opts.years ?? 20));
  const algorithm = sequence(oid(SHA256_WITH_RSA), nullValue());
  const serial = crypto.randomBytes(16);
  serial[0]! &= 0x7f;
  const tbs = sequence(
    der(0xa0, integer(Buffer.from([2]))), // version 3
    integer(serial),
    algorithm,
    name(commonName),
    sequence(time(new Date(now.getTime() - 60_000)), time(notAfter)),
    name(commonName),
    publicKey.export({ type: 'spki', format: 'der' }),
  );
  const signature = crypto.sign('sha256', tbs, privateKey);
  const body = sequence(tbs, algorithm, bitString(signature)).toString('base64');
  return {
    privateKey: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    certificate: `-----BEGIN CERTIFICATE-----\n${body.match(/.{1,64}/g)!.join('\n')}\n-----END CERTIFICATE-----\n`,
  };
}
