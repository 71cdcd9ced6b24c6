import { describe, it, expect } from 'vitest';
import { batteryLevel, batteryLifeText, batteryMetadataLabel } from './battery';

describe('batteryLevel (SPEC §9 Battery)', () => {
  it.each([
    [3300, 'healthy'],
    [2801, 'healthy'],
    [2800, 'healthy'],
    [2799, 'low'],
    [2700, 'low'],
    [2699, 'low'],
    [2600, 'low'],
    [2599, 'depleted'],
    [1, 'depleted'],
    [0, 'depleted'],
    [-1, 'unknown'],
    [Number.NaN, 'unknown'],
    [Number.POSITIVE_INFINITY, 'unknown'],
    [undefined, 'unknown'],
    [null, 'unknown'],
    ['2800', 'unknown'],
  ])('%s mV → %s', (mV, expected) => {
    expect(batteryLevel(mV)).toBe(expected);
  });
});

describe('batteryMetadataLabel (SPEC §9 Battery, tag metadata)', () => {
  it.each([
    [3300, 'Healthy'],
    [2801, 'Healthy'],
    [2800, 'Healthy'],
    [2799, 'Low'],
    [2700, 'Low'],
    [2699, 'Unhealthy'],
    [2600, 'Unhealthy'],
    [2599, 'Unhealthy'],
    [0, 'Unhealthy'],
    [Number.NaN, 'Unknown'],
    [undefined, 'Unknown'],
    [null, 'Unknown'],
    ['2700', 'Unknown'],
  ])('%s mV → %s', (mV, expected) => {
    expect(batteryMetadataLabel(mV)).toBe(expected);
  });
});

describe('batteryLifeText (SPEC §9: low is estimated under 3 months; depleted is dead or dying)', () => {
  it.each([
    ['low', 'Estimated under 3 months'],
    ['depleted', 'Dead or dying'],
    ['healthy', null],
    ['unstable', null],
    ['unknown', null],
  ] as const)('%s → %s', (level, text) => {
    expect(batteryLifeText(level)).toBe(text);
  });
  it('reads the level of a voltage', () => {
    expect(batteryLifeText(batteryLevel(2650))).toBe('Estimated under 3 months');
    expect(batteryLifeText(batteryLevel(2500))).toBe('Dead or dying');
  });
});
