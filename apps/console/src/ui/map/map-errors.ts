// What the floor map says when MapLibre reports a problem (SPEC §8 Map): nothing for a missing plan
// tile, a sentence for the rest. Pure, so it is tested without WebGL.

const NO_WEBGL =
  'This browser cannot draw the map: WebGL 2 is turned off or not supported. Turn on hardware ' +
  'acceleration, or open Vigil in an up-to-date Chrome, Edge, Firefox or Safari.';

/**
 * The sentence for a map error, or null when it is to be silent: SPEC §8 says a missing plan tile
 * (404) is silent (the tile job skips empty tiles, so a plan has holes by design).
 */
export function describeMapError(error: unknown, where: { tile?: boolean } = {}): string | null {
  const status = (error as { status?: unknown } | null)?.status;
  if (where.tile && status === 404) return null;
  const message = error instanceof Error ? error.message : String(error ?? 'Unknown error');
  if (/webgl/i.test(message)) return NO_WEBGL;
  return where.tile ? `a plan tile could not be drawn (${message})` : message;
}
