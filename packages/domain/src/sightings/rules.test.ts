import { describe, expect, it } from 'vitest';
import {
  SIGHTING_WINDOW_MS,
  TAG_MOVES_RETENTION_DAYS,
  applyPostSummary,
  isMove,
  nextPosition,
  positionsAfter,
  summarisePost,
  type Sighting,
} from './rules';

// Issue 20 "Sightings": the gateway that heard a tag best in a short window is where it is.

const at = (s: number) => 1_800_000_000_000 + s * 1000;
const s = (gateway: string, rssi: number, second: number): Sighting => ({ gateway, rssi, at: at(second) });

describe('nextPosition: the best gateway over the window (issue 20)', () => {
  it.each([
    ['nothing known: the sighting', undefined, s('a', -80, 0), s('a', -80, 0)],
    ['a stronger gateway within the window wins', s('a', -80, 0), s('b', -60, 5), s('b', -60, 5)],
    ['a weaker gateway within the window loses', s('a', -60, 0), s('b', -80, 5), s('a', -60, 0)],
    ['an equal one within the window loses (no flapping)', s('a', -70, 0), s('b', -70, 5), s('a', -70, 0)],
    ['at exactly the window a weaker one still loses', s('a', -60, 0), s('b', -90, 10), s('a', -60, 0)],
    ['past the window any gateway wins', s('a', -60, 0), s('b', -90, 11), s('b', -90, 11)],
    ['the same gateway refreshes, weaker or not', s('a', -60, 0), s('a', -85, 3), s('a', -85, 3)],
    ['the same gateway never goes back in time', s('a', -60, 5), s('a', -50, 3), s('a', -60, 5)],
    ['a late post older than the window is ignored', s('a', -80, 30), s('b', -40, 15), s('a', -80, 30)],
    ['a late post within the window competes', s('a', -80, 30), s('b', -40, 25), s('b', -40, 25)],
  ] as const)('%s', (_name, current, seen, expected) => {
    expect(nextPosition(current, seen)).toEqual(expected);
  });

  it('the window is 10 s', () => expect(SIGHTING_WINDOW_MS).toBe(10_000));
});

describe('positionsAfter: a batch, tag by tag, in time order', () => {
  it('folds each tag in time order whatever the order posted', () => {
    const batch = [
      { tag: 't1', ...s('b', -50, 4) },
      { tag: 't1', ...s('a', -70, 1) },
      { tag: 't2', ...s('c', -90, 2) },
      { tag: 't1', ...s('c', -60, 20) },
    ];
    const out = positionsAfter(batch);
    expect(out.get('t1')).toEqual(s('c', -60, 20));
    expect(out.get('t2')).toEqual(s('c', -90, 2));
  });

  it('starts from the positions known', () => {
    const out = positionsAfter([{ tag: 't1', ...s('b', -80, 3) }], new Map([['t1', s('a', -50, 0)]]));
    expect(out.get('t1')).toEqual(s('a', -50, 0));
  });
});

describe('isMove: what the bounded history keeps', () => {
  it.each([
    ['the first position', undefined, s('a', -60, 0), true],
    ['another gateway', s('a', -60, 0), s('b', -60, 5), true],
    ['the same gateway refreshed', s('a', -60, 0), s('a', -70, 5), false],
  ] as const)('%s', (_name, before, after, expected) => {
    expect(isMove(before, after)).toBe(expected);
  });
});

describe('applyPostSummary: one post applied in one step is positionsAfter over it', () => {
  // A small deterministic generator: many posts of a few tags from a few gateways, times jumbled.
  let seed = 7;
  const rand = (n: number) => {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    return seed % n;
  };
  it('agrees on 3,000 random posts', () => {
    let expected = new Map<string, Sighting>();
    let stepped = new Map<string, Sighting>();
    for (let post = 0; post < 3000; post++) {
      const gateway = 'abc'[rand(3)]!;
      const base = post * 2;
      const sightings = Array.from({ length: 1 + rand(6) }, () => ({
        tag: `t${rand(2)}`,
        rssi: -40 - rand(50),
        at: at(base + rand(16) - 8),
      }));
      expected = positionsAfter(
        sightings.map((x) => ({ ...x, gateway })),
        expected,
      );
      const next = new Map(stepped);
      for (const [tag, summary] of summarisePost(sightings))
        next.set(tag, applyPostSummary(stepped.get(tag), gateway, summary));
      stepped = next;
      expect(stepped).toEqual(expected);
    }
  });

  it('keeps the earlier sightings that were stronger than every later one', () => {
    const out = summarisePost([
      { tag: 't', rssi: -50, at: at(1) },
      { tag: 't', rssi: -70, at: at(2) },
      { tag: 't', rssi: -60, at: at(3) },
      { tag: 't', rssi: -80, at: at(4) },
    ]);
    expect(out.get('t')).toEqual({
      latest: { rssi: -80, at: at(4) },
      count: 4,
      stronger: [
        { rssi: -60, at: at(3) },
        { rssi: -50, at: at(1) },
      ],
    });
  });

  it('a stronger earlier sighting moves the tag to the latest, weaker one', () => {
    const summary = summarisePost([
      { tag: 't', rssi: -50, at: at(2) },
      { tag: 't', rssi: -90, at: at(3) },
    ]).get('t')!;
    expect(applyPostSummary(s('a', -60, 0), 'b', summary)).toEqual(s('b', -90, 3));
  });

  it(`history is kept ${TAG_MOVES_RETENTION_DAYS} days`, () => expect(TAG_MOVES_RETENTION_DAYS).toBe(30));
});
