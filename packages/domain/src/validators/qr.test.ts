import { describe, it, expect } from 'vitest';
import { deviceIdFromQr } from './qr';

describe('deviceIdFromQr (SPEC §5 QR scan)', () => {
  it.each([
    ['AABBCCDDEEFF', 'aabbccddeeff'],
    ['https://example.com/v1/tag/AABBCCDDEEFF', 'aabbccddeeff'],
    ['https://example.com/0123456789ab', '0123456789ab'],
    ['ID:f0aabbccddeeff', 'aabbccddeeff'],
    ['aabbccddeeff\n', 'aabbccddeeff'],
    ['aabbccddeef', null],
    ['https://example.com/aabbccddeeff/', null],
    ['aabbccddeefg', null],
    ['', null],
  ])('%j → %s', (content, expected) => {
    expect(deviceIdFromQr(content)).toBe(expected);
  });
});
