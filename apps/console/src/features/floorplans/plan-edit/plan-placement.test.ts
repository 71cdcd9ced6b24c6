import { describe, expect, it } from 'vitest';
import { rotatePlanBearing, type PlanCorners } from '@vigil/domain';
import {
  freeArea,
  initialCornerPoints,
  jobOutcome,
  nudgeOffset,
  sameCorners,
  stepLabel,
  withCorner,
} from './plan-placement';

describe('initialCornerPoints', () => {
  it('keeps the image’s aspect ratio, centred, fitting 70 % of a wide view by its height', () => {
    const points = initialCornerPoints({ x: 0, y: 0, width: 1000, height: 500 }, { width: 400, height: 200 });
    // 70 % of 500 px high is 350 px; 2:1 makes it 700 px wide.
    expect(points).toEqual([
      [150, 75],
      [850, 75],
      [850, 425],
      [150, 425],
    ]);
  });

  it('fits a tall image into a narrow area by its width, inside the area’s offset', () => {
    const points = initialCornerPoints(
      { x: 300, y: 0, width: 200, height: 800 },
      { width: 100, height: 300 },
    );
    // 70 % of 200 px wide is 140 px; 1:3 makes it 420 px high; centred on (400, 400).
    expect(points).toEqual([
      [330, 190],
      [470, 190],
      [470, 610],
      [330, 610],
    ]);
  });

  it('refuses an image without a size', () => {
    expect(() => initialCornerPoints({ x: 0, y: 0, width: 10, height: 10 }, { width: 0, height: 5 })).toThrow(
      RangeError,
    );
  });
});

describe('freeArea', () => {
  it('is the view between the panel and the toolbar', () => {
    expect(freeArea({ width: 1000, height: 600 }, 360, 64)).toEqual({
      x: 360,
      y: 0,
      width: 576,
      height: 600,
    });
  });

  it('is the whole view when too little is left beside the panel', () => {
    expect(freeArea({ width: 420, height: 600 }, 360, 64)).toEqual({ x: 0, y: 0, width: 420, height: 600 });
  });
});

describe('nudgeOffset', () => {
  it.each([
    ['ArrowLeft', false, [-10, 0]],
    ['ArrowRight', false, [10, 0]],
    ['ArrowUp', false, [0, -10]],
    ['ArrowDown', false, [0, 10]],
    ['ArrowLeft', true, [-1, 0]],
    ['ArrowDown', true, [0, 1]],
  ] as const)('%s (fine: %s) moves the corner by %j screen pixels', (key, fine, offset) => {
    expect(nudgeOffset(key, fine)).toEqual(offset);
  });

  it('ignores any other key', () => {
    expect(nudgeOffset('Enter', false)).toBeNull();
    expect(nudgeOffset('a', true)).toBeNull();
  });
});

describe('corners', () => {
  const corners: PlanCorners = [
    [1, 2],
    [3, 2],
    [3, 1],
    [1, 1],
  ];

  it('moves one corner only, leaving the others and the original alone', () => {
    const moved = withCorner(corners, 2, [4, 0.5]);
    expect(moved).toEqual([
      [1, 2],
      [3, 2],
      [4, 0.5],
      [1, 1],
    ]);
    expect(corners[2]).toEqual([3, 1]);
    expect(sameCorners(corners, moved)).toBe(false);
    expect(sameCorners(corners, withCorner(corners, 2, [3, 1]))).toBe(true);
    expect(sameCorners(null, null)).toBe(true);
    expect(sameCorners(corners, null)).toBe(false);
  });
});

describe('rotation step (SPEC §2.7, the domain’s rotatePlanBearing)', () => {
  it('turns 5°, or 0.2° with the modifier, either way', () => {
    expect(rotatePlanBearing(0, true)).toBe(5);
    expect(rotatePlanBearing(0, false)).toBe(-5);
    expect(rotatePlanBearing(5, true, true)).toBe(5.2);
    expect(rotatePlanBearing(178, true)).toBe(-177);
  });
});

describe('jobOutcome (SPEC §8 Plan jobs)', () => {
  it('is running while the job runs', () => {
    expect(jobOutcome({ isRunning: true, percent: 30, failReason: null })).toEqual({ kind: 'running' });
  });

  it('is done at 100 %', () => {
    expect(jobOutcome({ isRunning: false, percent: 100, failReason: null })).toEqual({ kind: 'done' });
  });

  it('shows the job’s failReason', () => {
    expect(jobOutcome({ isRunning: false, percent: 40, failReason: 'Cancelled' })).toEqual({
      kind: 'failed',
      reason: 'Cancelled',
    });
  });

  it('says Prematurely stopped below 100 % without a reason', () => {
    expect(jobOutcome({ isRunning: false, percent: 99.5, failReason: null })).toEqual({
      kind: 'failed',
      reason: 'Prematurely stopped',
    });
    expect(jobOutcome({ isRunning: false, percent: 12 })).toEqual({
      kind: 'failed',
      reason: 'Prematurely stopped',
    });
  });
});

describe('stepLabel', () => {
  it('says the server’s steps in words, and an unknown one as it is', () => {
    expect(stepLabel('tiling')).toBe('Cutting the tiles');
    expect(stepLabel('queued')).toBe('Waiting to start');
    expect(stepLabel('warping')).toBe('Warping');
    expect(stepLabel('')).toBe('Waiting to start');
  });
});
