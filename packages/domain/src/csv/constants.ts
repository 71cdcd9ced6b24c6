// SPEC §9 CSV downloads (§5, §7, §8): what every list's Download CSV shares.

/** SPEC §7, §9: CSV is fetched 500 rows per page. */
export const CSV_PAGE = 500;
/** SPEC §5, §9: CSV download is refused above this many rows. */
export const CSV_MAX_ROWS = 100_000;
/** SPEC §8: the 'Unable to download csv file at this time' notice shows for 5 s. */
export const CSV_ERROR_NOTICE_MS = 5000;

/** SPEC §9: time zones offered for CSV export. */
export const CSV_TIME_ZONES = [
  { label: 'Hawaii', timeZone: 'Pacific/Honolulu' },
  { label: 'Alaska', timeZone: 'America/Anchorage' },
  { label: 'Pacific', timeZone: 'America/Los_Angeles' },
  { label: 'Mountain', timeZone: 'America/Denver' },
  { label: 'Central', timeZone: 'America/Chicago' },
  { label: 'Eastern', timeZone: 'America/New_York' },
] as const;
