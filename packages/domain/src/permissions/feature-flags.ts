// SPEC §6 'Zone config feature flags'. SPEC writes 'tag management'; the stored key is tagManagement.
// kioskLogout is SPEC §6's other flag (a distribution user may sign out of the kiosk; issue 21).
// No runtime imports: the route table (which the login page loads) imports this module's types.

export const FEATURE_FLAGS = [
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
] as const;
export type FeatureFlag = (typeof FEATURE_FLAGS)[number];
export type FeatureFlags = Record<FeatureFlag, boolean>;

/**
 * SPEC §6: a zone's feature flags, inherited from its ancestors, the nearest setting winning.
 * The chain runs from the root to the zone itself; a flag set nowhere is off, unknown keys are dropped.
 */
export function resolveFeatureFlags(
  chainFromRootToZone: ReadonlyArray<Readonly<Record<string, unknown>> | undefined>,
): FeatureFlags {
  const flags = Object.fromEntries(FEATURE_FLAGS.map((flag) => [flag, false])) as FeatureFlags;
  for (const own of chainFromRootToZone) {
    if (!own) continue;
    for (const flag of FEATURE_FLAGS) {
      const value = own[flag];
      if (typeof value === 'boolean') flags[flag] = value;
    }
  }
  return flags;
}
