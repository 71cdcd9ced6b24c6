import { describe, expect, it } from 'vitest';
import { MAX_SIGHTINGS_PER_POST, sightingsPostSchema } from './contract';

// Issue 20: a malformed batch is refused whole, and the issue names the bad item.

const good = { tag: 'c0ffee000001', rssi: -67, at: '2026-11-26T09:00:00Z' };
const post = (sightings: unknown[]) => ({ gateway: 'b0:a7:10:00:00:01', batch: 'b-1', sightings });

describe('sightingsPostSchema (issue 20)', () => {
  it('takes a batch and normalises the MACs', () => {
    const parsed = sightingsPostSchema.parse(post([good, { ...good, tag: 'C0-FF-EE-00-00-02' }]));
    expect(parsed.gateway).toBe('b0a710000001');
    expect(parsed.sightings[1]!.tag).toBe('c0ffee000002');
  });

  it.each([
    ['an rssi above 0', { ...good, rssi: 3 }, ['sightings', 1, 'rssi']],
    ['an rssi that is not whole', { ...good, rssi: -60.5 }, ['sightings', 1, 'rssi']],
    ['a bad MAC', { ...good, tag: 'nope' }, ['sightings', 1, 'tag']],
    ['a time without a zone', { ...good, at: '2026-11-26 09:00' }, ['sightings', 1, 'at']],
    ['an unknown field', { ...good, battery: 3 }, ['sightings', 1]],
  ])('refuses %s, naming the item', (_name, bad, where) => {
    const result = sightingsPostSchema.safeParse(post([good, bad]));
    expect(result.success).toBe(false);
    expect(result.error!.issues[0]!.path).toEqual(where);
  });

  it(`refuses an empty batch and one over ${MAX_SIGHTINGS_PER_POST}`, () => {
    expect(sightingsPostSchema.safeParse(post([])).success).toBe(false);
    expect(sightingsPostSchema.safeParse(post(Array(MAX_SIGHTINGS_PER_POST + 1).fill(good))).success).toBe(
      false,
    );
    expect(sightingsPostSchema.safeParse(post(Array(MAX_SIGHTINGS_PER_POST).fill(good))).success).toBe(true);
  });
});
