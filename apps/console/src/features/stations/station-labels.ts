import type { DistributionStation, TagScanMode } from '@vigil/domain';

/** SPEC §3 tag scan modes as the stations screen names them, in the order the form offers them. */
export const SCAN_MODE_LABELS: Record<TagScanMode, string> = {
  singleTap: 'Single tap',
  doubleTap: 'Double tap',
  qrCode: 'QR code',
  off: 'Off',
};

/** What each scan mode asks of the person at the kiosk (the form's hint under the select). */
export const SCAN_MODE_HINTS: Record<TagScanMode, string> = {
  singleTap: 'Press the tag’s button once beside the kiosk; the station’s gateway hears it.',
  doubleTap: 'Press the tag’s button twice beside the kiosk; the station’s gateway hears it.',
  qrCode: 'Hold the QR code on the tag to the kiosk’s camera.',
  off: 'No scanning: the tag’s ID is typed at the kiosk.',
};

/** Issue 21 minimum inventory: the station holds fewer available tags than it should. */
export function isBelowMinimum(station: Pick<DistributionStation, 'availableTags' | 'minimumInventory'>) {
  return station.availableTags < station.minimumInventory;
}
