const TRAILING_ID = /([0-9a-f]{12})$/i;

/**
 * SPEC §5 QR scan: the trailing 12 hex characters of the content, lowercased; null when it has none.
 * Used by the distribution kiosk's and the warehouse kiosk's scan screens (SPEC §2.1).
 */
export function deviceIdFromQr(content: string): string | null {
  // Scanners often append a newline; trailing whitespace is not part of the content.
  const match = TRAILING_ID.exec(content.trimEnd());
  return match ? match[1].toLowerCase() : null;
}
