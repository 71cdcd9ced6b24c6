import { useState } from 'react';
import type { ImageSignature } from '../../api/floorplans';

// SPEC §7, §9: the image signature is checked every 30 s and is valid 30 min. The plan tiles' URLs
// carry it, and MapLibre redraws a raster source whose URLs change (it removes and adds it, tiles
// fetched again), so the map keeps the signature it has until that one nears its end.

/** A signature is renewed this long before it expires: more than a check interval, less than its life. */
export const SIGNATURE_RENEW_BEFORE_MS = 5 * 60_000;

/** The signature to draw with: the one in use while it has time left, else the latest checked. */
export function signatureToUse(
  current: ImageSignature | undefined,
  latest: ImageSignature | undefined,
  now: number,
): ImageSignature | undefined {
  if (!current || !latest) return latest ?? current;
  return Date.parse(current.expiresAt) - now > SIGNATURE_RENEW_BEFORE_MS ? current : latest;
}

/** Holds the signature the tiles are drawn with (see signatureToUse) across the 30 s checks. */
export function useTileSignature(latest: ImageSignature | undefined): ImageSignature | undefined {
  const [current, setCurrent] = useState(latest);
  const next = signatureToUse(current, latest, Date.now());
  // Adjusting state during render (React's pattern for state derived from a prop): no extra pass.
  if (next !== current) setCurrent(next);
  return next;
}
