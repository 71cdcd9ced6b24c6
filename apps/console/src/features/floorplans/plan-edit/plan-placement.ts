import {
  PLAN_JOB_DONE_PERCENT,
  PLAN_JOB_PREMATURELY_STOPPED,
  type LngLat,
  type PlanCorners,
  type PlanJobStatus,
} from '@vigil/domain';

// The pure parts of plan edit mode (SPEC §4 Plan editing): where a new plan image is first placed,
// how a corner handle moves from the keyboard, and what a plan job's status tells the user.

/** A point on the map's screen, in CSS pixels from its top left. */
export type ScreenPoint = readonly [x: number, y: number];
export type Size = { width: number; height: number };

/** The corner handles' accessible names, in PlanCorners' order (top-left, top-right, bottom-right, bottom-left). */
export const CORNER_NAMES = [
  'Top left corner',
  'Top right corner',
  'Bottom right corner',
  'Bottom left corner',
] as const;

/** How much of the view a new plan fills at first: room round it to reach every handle. */
export const INITIAL_FILL = 0.7;

/** A part of the map's screen: what the editor's panel and the toolbar leave free. */
export type ScreenArea = { x: number; y: number; width: number; height: number };

/**
 * Where a new plan image is first placed, on screen: its own aspect ratio, centred in the view (the
 * part of it the panel and toolbar leave free) and as large as fits INITIAL_FILL of it. Corners in
 * PlanCorners' order; the map unprojects them, so a turned map (a plan bearing) still shows the
 * image upright.
 */
export function initialCornerPoints(
  view: ScreenArea,
  image: Size,
  fill = INITIAL_FILL,
): [ScreenPoint, ScreenPoint, ScreenPoint, ScreenPoint] {
  if (!(image.width > 0 && image.height > 0)) throw new RangeError('An image has a size');
  const scale = Math.min((view.width * fill) / image.width, (view.height * fill) / image.height);
  const halfW = (image.width * scale) / 2;
  const halfH = (image.height * scale) / 2;
  const cx = view.x + view.width / 2;
  const cy = view.y + view.height / 2;
  return [
    [cx - halfW, cy - halfH],
    [cx + halfW, cy - halfH],
    [cx + halfW, cy + halfH],
    [cx - halfW, cy + halfH],
  ];
}

/**
 * The part of a width × height view left of `right` px (the toolbar) and right of `left` px (the
 * editor's panel), or the whole view when what is left is too narrow to place a plan in.
 */
export function freeArea(view: Size, left: number, right: number, minWidth = 160): ScreenArea {
  const width = view.width - left - right;
  return width >= minWidth
    ? { x: left, y: 0, width, height: view.height }
    : { x: 0, y: 0, width: view.width, height: view.height };
}

/** One arrow key press moves a corner this many screen pixels; with Shift, this fine step. */
export const NUDGE_PX = 10;
export const NUDGE_FINE_PX = 1;

/** The screen offset an arrow key moves a corner handle by, or null for any other key. */
export function nudgeOffset(key: string, fine: boolean): ScreenPoint | null {
  const step = fine ? NUDGE_FINE_PX : NUDGE_PX;
  switch (key) {
    case 'ArrowLeft':
      return [-step, 0];
    case 'ArrowRight':
      return [step, 0];
    case 'ArrowUp':
      return [0, -step];
    case 'ArrowDown':
      return [0, step];
    default:
      return null;
  }
}

/** The corners with one of them moved. */
export function withCorner(corners: PlanCorners, index: number, lngLat: LngLat): PlanCorners {
  const next = [...corners] as [LngLat, LngLat, LngLat, LngLat];
  next[index] = lngLat;
  return next;
}

/** Whether two sets of corners place a plan at the same place. */
export function sameCorners(a: PlanCorners | null, b: PlanCorners | null): boolean {
  if (a === null || b === null) return a === b;
  return a.every((corner, i) => corner[0] === b[i]![0] && corner[1] === b[i]![1]);
}

/** Where a plan job stands, for the user: running, done, or failed with SPEC §8's reason. */
export type JobOutcome = { kind: 'running' } | { kind: 'done' } | { kind: 'failed'; reason: string };

/**
 * SPEC §8 Plan jobs: a job that stopped shows its failReason, else 'Prematurely stopped' when it did
 * not reach 100 %; one that stopped at 100 % is done.
 */
export function jobOutcome(status: Pick<PlanJobStatus, 'isRunning' | 'percent' | 'failReason'>): JobOutcome {
  if (status.isRunning) return { kind: 'running' };
  if (status.failReason) return { kind: 'failed', reason: status.failReason };
  if (status.percent < PLAN_JOB_DONE_PERCENT) return { kind: 'failed', reason: PLAN_JOB_PREMATURELY_STOPPED };
  return { kind: 'done' };
}

// The server's step names (apps/server floorplans: plan-job-runner, make-thumbnail, tile-plan).
const STEP_WORDS: Record<string, string> = {
  queued: 'Waiting to start',
  retrying: 'Starting again',
  thumbnail: 'Making the preview',
  decoding: 'Reading the image',
  tiling: 'Cutting the tiles',
  saving: 'Saving the plan',
  done: 'Done',
};

/** A job step in words; an unknown step is shown as the server names it. */
export function stepLabel(step: string): string {
  return STEP_WORDS[step] ?? (step ? step[0]!.toUpperCase() + step.slice(1) : STEP_WORDS.queued!);
}
