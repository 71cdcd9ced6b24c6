import { describe, expect, it } from 'vitest';
import {
  MOBILE_QR_RENEW_BEFORE_MS,
  MOBILE_QR_TTL_MS,
  mobileLoginQrContent,
  parseMobileLoginQr,
} from './mobile-login';

describe('mobile QR login (SPEC §2.6, §7, §9)', () => {
  it('lives 60 s and is renewed before it expires', () => {
    expect(MOBILE_QR_TTL_MS).toBe(60_000);
    expect(MOBILE_QR_RENEW_BEFORE_MS).toBeGreaterThan(0);
    expect(MOBILE_QR_RENEW_BEFORE_MS).toBeLessThan(MOBILE_QR_TTL_MS);
  });

  it('writes the server, organisation and token as JSON a scanner reads back', () => {
    const text = mobileLoginQrContent({ url: 'https://vigil.example/', slug: 'demo', token: 'mqr.abc' });
    expect(JSON.parse(text)).toEqual({
      kind: 'vigil-mobile-login',
      v: 1,
      url: 'https://vigil.example',
      slug: 'demo',
      token: 'mqr.abc',
    });
    expect(parseMobileLoginQr(text)).toEqual(JSON.parse(text));
  });

  it.each([
    ['not JSON', 'https://vigil.example'],
    ['another kind', JSON.stringify({ kind: 'wifi', v: 1, url: 'https://a.example', slug: 's', token: 't' })],
    ['a URL that is not http', mobileLoginQrContent({ url: 'javascript:alert(1)', slug: 's', token: 't' })],
    ['no token', JSON.stringify({ kind: 'vigil-mobile-login', v: 1, url: 'https://a.example', slug: 's' })],
  ])('reads %s as no mobile login', (_what, text) => {
    expect(parseMobileLoginQr(text)).toBeUndefined();
  });
});
