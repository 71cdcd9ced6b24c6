import fp from 'fastify-plugin';
import { HttpError } from './errors';

/**
 * PostgreSQL text cannot hold a NUL byte (`\0`): a string carrying one would fail in the database
 * as an internal error. Every request is refused at the edge instead, with 400 and a reason: its URL
 * (path and query, where a NUL can only arrive percent-encoded) before anything reads it, its body
 * once parsed. Node's HTTP parser already refuses a NUL in a header.
 */
export const nulGuardPlugin = fp(async (app) => {
  app.addHook('onRequest', async (req) => {
    if (/%00/i.test(req.url)) {
      const inPath = /%00/i.test(req.url.split('?')[0] ?? '');
      throw nulRefused(inPath ? 'path' : 'query');
    }
  });
  app.addHook('preValidation', async (req) => {
    const where = nulPath(req.body);
    if (where !== undefined) throw nulRefused(where ? `body.${where}` : 'body');
  });
});

export const NUL_REASON = 'The request holds a NUL byte (\\0), which no value may contain';
const nulRefused = (field: string) => new HttpError(400, NUL_REASON, 'nul_byte', field);

/** The dotted path of the first string (value or key) holding a NUL byte in `value`, '' for `value` itself. */
export function nulPath(value: unknown, depth = 0): string | undefined {
  if (typeof value === 'string') return value.includes('\0') ? '' : undefined;
  if (typeof value !== 'object' || value === null || depth > 64) return undefined;
  for (const [key, inner] of Array.isArray(value) ? value.entries() : Object.entries(value)) {
    if (typeof key === 'string' && key.includes('\0')) return key.replace(/\0/g, '\\0');
    const found = nulPath(inner, depth + 1);
    if (found !== undefined) return found ? `${key}.${found}` : String(key);
  }
  return undefined;
}
