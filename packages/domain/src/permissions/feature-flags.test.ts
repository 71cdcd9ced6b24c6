import { describe, expect, it } from 'vitest';
import { FEATURE_FLAGS, resolveFeatureFlags, type FeatureFlag } from './feature-flags';

const off = Object.fromEntries(FEATURE_FLAGS.map((flag) => [flag, false])) as Record<FeatureFlag, boolean>;

describe('resolveFeatureFlags (SPEC §6 zone feature flags, inherited, nearest wins)', () => {
  it('knows the nine zone flags of SPEC §6 and its kioskLogout flag', () => {
    expect(FEATURE_FLAGS).toEqual([
      'reasonDetails',
      'responderTools',
      'export',
      'showProtectAppQrLogin',
      'outdoor',
      'tagManagement',
      'danger',
      'noAutoPan',
      'video',
      'kioskLogout',
    ]);
  });

  it.each<[string, Array<Record<string, unknown> | undefined>, Partial<Record<FeatureFlag, boolean>>]>([
    ['no zones', [], {}],
    ['a flag set on the root only', [{ outdoor: true }, undefined, {}], { outdoor: true }],
    ['the zone turning off what the org turned on', [{}, { danger: true }, { danger: false }], {}],
    ['the zone turning on what the org turned off', [{ video: false }, { video: true }], { video: true }],
    [
      'the nearest of three settings',
      [{ export: true }, { export: false }, undefined, { export: true }],
      { export: true },
    ],
    [
      'flags of different levels combined',
      [{ outdoor: true }, { danger: true }],
      { outdoor: true, danger: true },
    ],
    ['the kioskLogout flag (SPEC §6; issue 21)', [{ kioskLogout: true }, {}], { kioskLogout: true }],
    [
      'unknown keys and non-booleans ignored',
      [{ outdoor: true }, { outdoor: 'no', kioskExit: true }],
      { outdoor: true },
    ],
  ])('%s', (_, chain, expected) => {
    expect(resolveFeatureFlags(chain)).toEqual({ ...off, ...expected });
  });
});
