import { describe, it, expect } from 'vitest';
import {
  PRESS_PATTERNS,
  PRESS_PATTERN_NAMES,
  classifyPresses,
  eventsForPattern,
  matchPressPattern,
  type ButtonPress,
} from './press-patterns';

/** Presses at the given start times (ms), each held `down` ms; tapDelta follows from the times. */
function presses(starts: number[], down = 150): ButtonPress[] {
  return starts.map((start, i) => ({
    buttonPress: start,
    buttonRelease: start + down,
    tapDelta: i === 0 ? 0 : start - (starts[i - 1] + down),
  }));
}

const help = { mode: 'help' };
const activeShooter = { mode: 'danger', dangerReason: 'activeShooter' };
const dangerOther = { mode: 'danger', dangerReason: 'other' };
const test = { mode: 'test' };

describe('classifyPresses (SPEC §3 Button event, §4 Alerts: the press-pattern table)', () => {
  it.each([
    ['no presses (ingest refuses these; fail audible)', [], help],
    ['one short press', presses([0]), help],
    ['two quick presses', presses([0, 500]), help],
    ['a press held 2999 ms', [{ buttonPress: 0, buttonRelease: 2999, tapDelta: 0 }], help],
    ['a press held 3000 ms', [{ buttonPress: 0, buttonRelease: 3000, tapDelta: 0 }], dangerOther],
    ['a press held 10 s', [{ buttonPress: 0, buttonRelease: 10_000, tapDelta: 0 }], dangerOther],
    [
      'a short press then a hold',
      [...presses([0]), { buttonPress: 2000, buttonRelease: 5000, tapDelta: 1850 }],
      dangerOther,
    ],
    ['three quick presses', presses([0, 600, 1200]), activeShooter],
    ['three presses, tapDelta exactly 700', presses([0, 850, 1700]), activeShooter],
    ['three presses, one tapDelta 701', presses([0, 851, 1700]), help],
    ['three presses, last exactly 2000 ms after the first', presses([0, 1000, 2000], 400), activeShooter],
    ['three presses, last 2001 ms after the first', presses([0, 1000, 2001], 400), help],
    [
      'three quick presses, the last one held',
      [...presses([0, 600]), { buttonPress: 1200, buttonRelease: 5000, tapDelta: 450 }],
      activeShooter,
    ],
    ['four quick presses', presses([0, 500, 1000, 1500]), activeShooter],
    ['four quick presses over 2001 ms', presses([0, 667, 1334, 2001]), help],
    ['five quick presses', presses([0, 600, 1200, 1800, 2400]), test],
    ['five presses, one tapDelta 701', presses([0, 600, 1200, 1800, 2651]), help],
    [
      'five quick presses, the last one held',
      [...presses([0, 600, 1200, 1800]), { buttonPress: 2400, buttonRelease: 6000, tapDelta: 450 }],
      dangerOther,
    ],
    ['six quick presses (panic is never a silent test)', presses([0, 600, 1200, 1800, 2400, 3000]), help],
    ['three slow presses', presses([0, 2000, 4000]), help],
  ])('%s', (_case, events, expected) => {
    expect(classifyPresses(events as ButtonPress[])).toEqual(expected);
  });
});

describe('eventsForPattern (SPEC §3 Button event: the simulator presses each pattern)', () => {
  it.each(PRESS_PATTERN_NAMES.map((name) => [name]))('%s classifies as itself', (name) => {
    const events = eventsForPattern(name);
    expect(events.length).toBeGreaterThan(0);
    expect(matchPressPattern(events)).toBe(name);
    expect(classifyPresses(events)).toEqual(PRESS_PATTERNS.find((p) => p.name === name)?.result);
  });
});

describe('PRESS_PATTERNS (SPEC §4 Alerts)', () => {
  it('has one row per pattern name and ends with the help fallback', () => {
    expect(PRESS_PATTERNS.map((p) => p.name).sort()).toEqual([...PRESS_PATTERN_NAMES].sort());
    expect(PRESS_PATTERNS[PRESS_PATTERNS.length - 1].result).toEqual(help);
  });
});
