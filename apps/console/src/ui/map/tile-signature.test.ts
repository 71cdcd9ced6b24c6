import { describe, expect, it } from 'vitest';
import { signatureToUse } from './tile-signature';

const at = (iso: string) => Date.parse(iso);
const signature = (name: string, expiresAt: string) => ({
  signature: name,
  expiresAt,
  url: `/api/storage/images/${name}`,
});
const first = signature('first', '2026-06-01T12:30:00Z');
const second = signature('second', '2026-06-01T12:35:00Z');

describe('the signature plan tiles are drawn with (SPEC §7, §9: checked every 30 s, valid 30 min)', () => {
  it('is the first one checked', () => {
    expect(signatureToUse(undefined, first, at('2026-06-01T12:00:00Z'))).toBe(first);
  });

  it('stays while it has more than 5 minutes left, so the tile URLs do not change every check', () => {
    expect(signatureToUse(first, second, at('2026-06-01T12:24:59Z'))).toBe(first);
  });

  it('is renewed in its last 5 minutes', () => {
    expect(signatureToUse(first, second, at('2026-06-01T12:25:00Z'))).toBe(second);
  });

  it('stays when a check fails', () => {
    expect(signatureToUse(first, undefined, at('2026-06-01T12:29:00Z'))).toBe(first);
  });
});
