// Issue 20 "Assets": SPEC §3 Asset status is displayed capitalised, 'Pending' if empty. The values
// a hospital needs for its equipment (the other values are not in SPEC: designed here).

export const ASSET_STATUSES = ['in use', 'available', 'cleaning', 'repair', 'missing'] as const;
export type AssetStatus = (typeof ASSET_STATUSES)[number];

/** SPEC §3 Asset: the status as shown: its first letter capitalised; 'Pending' when empty. */
export function assetStatusLabel(status: string | null | undefined): string {
  const text = (status ?? '').trim();
  if (!text) return 'Pending';
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** What each status means, for the status menu's help text. */
export const ASSET_STATUS_HELP: Record<AssetStatus, string> = {
  'in use': 'With a patient or a team now',
  available: 'Clean and ready to be taken',
  cleaning: 'Waiting for or being cleaned',
  repair: 'Out of service until repaired',
  missing: 'Not where it should be: look for it on the map',
};
