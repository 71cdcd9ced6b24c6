import type { DangerReason } from './enums';

// SPEC §3 Button event, §4 Alerts: how a tag's presses choose the alert's mode. The table is data
// so that `vigil simulate` and docs/DEVICE-API.md read the very rows the server classifies with.

/** One press of a SPEC §3 Button event: ms from the first press; tapDelta is ms since the previous release. */
export type ButtonPress = { buttonPress: number; buttonRelease: number; tapDelta: number };

/** What a press pattern makes: the alert mode, and for danger its SPEC §3 danger reason. */
export type PressClassification =
  { mode: 'help' } | { mode: 'danger'; dangerReason: DangerReason } | { mode: 'test' };

/** A press held at least this long is a hold (danger 'other'). */
export const PRESS_HOLD_MIN_MS = 3000;
/** A quick press follows the previous release within this many ms (tapDelta). */
export const PRESS_QUICK_TAP_MAX_MS = 700;
/** The active-shooter taps all start within this many ms of the first press. */
export const PRESS_ACTIVE_SHOOTER_WINDOW_MS = 2000;

export const PRESS_PATTERN_NAMES = ['activeShooter', 'dangerHold', 'test', 'help'] as const;
export type PressPatternName = (typeof PRESS_PATTERN_NAMES)[number];

/** One row of the press-pattern table; a null limit does not constrain. */
export type PressPattern = {
  name: PressPatternName;
  /** How a person does it, for docs, the simulator and the console. */
  description: string;
  result: PressClassification;
  /** Number of presses, inclusive. */
  presses: { min: number; max: number | null };
  /** Every press after the first follows the previous release within this many ms. */
  maxTapDeltaMs: number | null;
  /** The last press starts within this many ms of the first. */
  maxSpanMs: number | null;
  /** 'required': some press is held ≥ PRESS_HOLD_MIN_MS; 'forbidden': none is; 'any': either. */
  hold: 'required' | 'forbidden' | 'any';
};

/**
 * SPEC §3 Button event, §4 Alerts: the press-pattern table, checked in order, first match wins.
 * The most severe pattern comes first; test needs exactly five quick presses and no hold, so a
 * panicked person pressing six or more times gets an audible help alert, never a silent test;
 * anything unrecognised is help, because a press must always sound.
 */
export const PRESS_PATTERNS: readonly PressPattern[] = [
  {
    name: 'activeShooter',
    description: 'Three or four quick presses, all within 2 s (each within 0.7 s of the previous release)',
    result: { mode: 'danger', dangerReason: 'activeShooter' },
    presses: { min: 3, max: 4 },
    maxTapDeltaMs: PRESS_QUICK_TAP_MAX_MS,
    maxSpanMs: PRESS_ACTIVE_SHOOTER_WINDOW_MS,
    hold: 'any',
  },
  {
    name: 'dangerHold',
    description: 'Press and hold for 3 s or more',
    result: { mode: 'danger', dangerReason: 'other' },
    presses: { min: 1, max: null },
    maxTapDeltaMs: null,
    maxSpanMs: null,
    hold: 'required',
  },
  {
    name: 'test',
    description: 'Exactly five quick presses (each within 0.7 s of the previous release), none held',
    result: { mode: 'test' },
    presses: { min: 5, max: 5 },
    maxTapDeltaMs: PRESS_QUICK_TAP_MAX_MS,
    maxSpanMs: null,
    hold: 'forbidden',
  },
  {
    name: 'help',
    description: 'One press, or any other pattern',
    result: { mode: 'help' },
    presses: { min: 0, max: null },
    maxTapDeltaMs: null,
    maxSpanMs: null,
    hold: 'any',
  },
];

const HELP_PATTERN = PRESS_PATTERNS[PRESS_PATTERNS.length - 1];

function isHold(press: ButtonPress): boolean {
  return press.buttonRelease - press.buttonPress >= PRESS_HOLD_MIN_MS;
}

function matches(pattern: PressPattern, events: readonly ButtonPress[]): boolean {
  const { min, max } = pattern.presses;
  if (events.length < min || (max !== null && events.length > max)) return false;
  const limit = pattern.maxTapDeltaMs;
  if (limit !== null && events.slice(1).some((e) => e.tapDelta > limit)) return false;
  if (pattern.maxSpanMs !== null && events.length > 0) {
    const span = events[events.length - 1].buttonPress - events[0].buttonPress;
    if (span > pattern.maxSpanMs) return false;
  }
  const held = events.some(isHold);
  if (pattern.hold === 'required' && !held) return false;
  if (pattern.hold === 'forbidden' && held) return false;
  return true;
}

/** SPEC §3 Button event, §4 Alerts: the name of the first PRESS_PATTERNS row the presses match. */
export function matchPressPattern(events: readonly ButtonPress[]): PressPatternName {
  return (PRESS_PATTERNS.find((p) => matches(p, events)) ?? HELP_PATTERN).name;
}

/**
 * SPEC §3 Button event, §4 Alerts: the mode a button event's presses make. An empty list is help
 * (fail audible); ingest refuses empty lists before this is asked.
 */
export function classifyPresses(events: readonly ButtonPress[]): PressClassification {
  const name = matchPressPattern(events);
  return patternByName(name).result;
}

function patternByName(name: PressPatternName): PressPattern {
  return PRESS_PATTERNS.find((p) => p.name === name) ?? HELP_PATTERN;
}

/** How a synthesised quick press is timed: 150 ms down, 450 ms up (600 ms from press to press). */
const TAP_DOWN_MS = 150;
const TAP_GAP_MS = 450;

function taps(count: number): ButtonPress[] {
  return Array.from({ length: count }, (_, i) => ({
    buttonPress: i * (TAP_DOWN_MS + TAP_GAP_MS),
    buttonRelease: i * (TAP_DOWN_MS + TAP_GAP_MS) + TAP_DOWN_MS,
    tapDelta: i === 0 ? 0 : TAP_GAP_MS,
  }));
}

/** SPEC §3 Button event: a typical events list that classifies as the named pattern (simulator, tests). */
export function eventsForPattern(name: PressPatternName): ButtonPress[] {
  switch (name) {
    case 'help':
      return taps(1);
    case 'dangerHold':
      return [{ buttonPress: 0, buttonRelease: PRESS_HOLD_MIN_MS + 500, tapDelta: 0 }];
    case 'activeShooter':
      return taps(3);
    case 'test':
      return taps(5);
  }
}
