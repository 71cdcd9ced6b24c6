import { describe, it, expect } from 'vitest';
import {
  INVALID_MAC_REASON,
  MAC_LENGTH,
  MAC_SUGGEST_MAX,
  MAC_SUGGEST_MIN_CHARS,
  macSearchPrefix,
  parseMac,
} from './mac';

describe('SPEC §9 MAC constants', () => {
  it.each([
    ['MAC length 12', MAC_LENGTH, 12],
    ['MAC suggestions after 4 characters', MAC_SUGGEST_MIN_CHARS, 4],
    ['MAC suggestions at most 20', MAC_SUGGEST_MAX, 20],
  ] as const)('%s', (_text, actual, expected) => {
    expect(actual).toBe(expected);
  });
});

describe('parseMac (SPEC §5 Device MAC)', () => {
  it.each([
    ['AABBCCDDEEFF', 'aabbccddeeff'],
    ['aabbccddeeff', 'aabbccddeeff'],
    ['AA:BB:CC:DD:EE:FF', 'aabbccddeeff'],
    ['aa-bb-cc-dd-ee-ff', 'aabbccddeeff'],
    ['0a:1B:2c:3D:4e:5F', '0a1b2c3d4e5f'],
    ['  AABBCCDDEEFF\n', 'aabbccddeeff'],
  ])('accepts %j as %s', (input, value) => {
    expect(parseMac(input)).toEqual({ ok: true, value });
  });

  it.each([
    ['mixed separators', 'aa:bb-cc:dd-ee:ff'],
    ['one odd separator', 'aa:bb:cc:dd:ee-ff'],
    ['11 characters', 'aabbccddeef'],
    ['13 characters', 'aabbccddeeff0'],
    ['five pairs', 'aa:bb:cc:dd:ee'],
    ['seven pairs', 'aa:bb:cc:dd:ee:ff:00'],
    ['a non-hex character', 'aabbccddeefg'],
    ['another separator', 'aa.bb.cc.dd.ee.ff'],
    ['a trailing separator', 'aa:bb:cc:dd:ee:ff:'],
    ['separators without pairs', 'aab:bcc:dde:eff'],
    ['an empty string', ''],
  ])('refuses %s (%j)', (_case, input) => {
    expect(parseMac(input)).toEqual({ ok: false, reason: INVALID_MAC_REASON });
  });
});

describe('macSearchPrefix (SPEC §5 Assigning a gateway, §9)', () => {
  it.each([
    ['aab', null],
    ['aa:b', null],
    ['AABB', 'aabb'],
    ['aa:bb', 'aabb'],
    ['AA-BB-C', 'aabbc'],
    ['aabbccddeeff', 'aabbccddeeff'],
    ['aabbccddeeff0011', 'aabbccddeeff'],
    ['AA:BB:CC:DD:EE:FF:00', 'aabbccddeeff'],
    ['gate', null],
    ['aabb ccdd', null],
    ['', null],
  ])('%j → %s', (input, expected) => {
    expect(macSearchPrefix(input)).toBe(expected);
  });
});
