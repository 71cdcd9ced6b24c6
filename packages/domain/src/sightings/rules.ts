// Issue 20: where a tag is, from the gateways that hear it (sightings). A tag is placed at the
// gateway that heard it best within a short window; a sighting from that same gateway refreshes it;
// once the window has passed without the best gateway hearing it again, the next sighting wins
// whatever its strength (the tag has moved out of the old gateway's reach).

/** How long the best gateway's sighting holds against a weaker one from another gateway. */
export const SIGHTING_WINDOW_MS = 10_000;

/** One gateway hearing one tag: its signal strength (dBm) at a time (ms since the epoch). */
export type Sighting = { gateway: string; rssi: number; at: number };

/**
 * Where the tag is after `seen`, given where it was (`current`): the best gateway over the window.
 * - nothing known: `seen`;
 * - older than the current position's time by more than the window (a late, out-of-order post): the current;
 * - the same gateway: refreshed (its latest strength and time, never going back in time);
 * - the window since the current position has passed: `seen`;
 * - a stronger signal within the window: `seen`; a weaker or equal one: the current.
 */
export function nextPosition(
  current: Sighting | undefined,
  seen: Sighting,
  windowMs = SIGHTING_WINDOW_MS,
): Sighting {
  if (!current) return seen;
  if (seen.at < current.at - windowMs) return current;
  if (seen.gateway === current.gateway) {
    return seen.at >= current.at ? seen : current;
  }
  if (seen.at - current.at > windowMs) return seen;
  return seen.rssi > current.rssi ? seen : current;
}

/** The positions a batch of sightings leaves, tag by tag, taken in time order (`start` per tag, else nothing known). */
export function positionsAfter(
  sightings: readonly (Sighting & { tag: string })[],
  start: ReadonlyMap<string, Sighting> = new Map(),
  windowMs = SIGHTING_WINDOW_MS,
): Map<string, Sighting> {
  const positions = new Map(start);
  const ordered = [...sightings].sort((a, b) => a.at - b.at);
  for (const { tag, ...seen } of ordered)
    positions.set(tag, nextPosition(positions.get(tag), seen, windowMs));
  return positions;
}

/** Whether a position is a move to keep in the tag's history: another gateway than before. */
export function isMove(before: Sighting | undefined, after: Sighting): boolean {
  return !before || before.gateway !== after.gateway;
}

/** How long the moves of a tag are kept ("where was it"), in days; older ones are pruned. */
export const TAG_MOVES_RETENTION_DAYS = 30;

/** A time and strength heard of one tag in one post (the post's gateway is the same for all). */
export type Heard = { rssi: number; at: number };

/**
 * What one gateway's post says of one tag, enough to apply it in one step (`applyPostSummary`):
 * its latest sighting, how many there were, and the earlier ones that were stronger than every later
 * one (usually none): only those can move the tag where the latest alone would not.
 */
export type PostSummary = { latest: Heard; count: number; stronger: Heard[] };

/** A post's sightings summarised tag by tag (in time order, the latest of equal times last posted). */
export function summarisePost(sightings: readonly (Heard & { tag: string })[]): Map<string, PostSummary> {
  const byTag = new Map<string, Heard[]>();
  for (const { tag, rssi, at } of sightings) {
    const list = byTag.get(tag);
    if (list) list.push({ rssi, at });
    else byTag.set(tag, [{ rssi, at }]);
  }
  const out = new Map<string, PostSummary>();
  for (const [tag, list] of byTag) {
    const ordered = list.length > 1 ? [...list].sort((a, b) => a.at - b.at) : list;
    const latest = ordered[ordered.length - 1]!;
    const stronger: Heard[] = [];
    let best = latest.rssi;
    for (let i = ordered.length - 2; i >= 0; i--) {
      const h = ordered[i]!;
      if (h.rssi > best) {
        stronger.push(h);
        best = h.rssi;
      }
    }
    out.set(tag, { latest, count: list.length, stronger });
  }
  return out;
}

/**
 * Where a tag is after one gateway's post, from its summary: the same as `positionsAfter` over the
 * post's sightings of it (all from `gateway`), in one step, as the server's one SQL statement does:
 * - nothing known: the latest;
 * - the same gateway: the latest, unless older than the current position;
 * - another gateway: the latest, if any sighting of the post beat the current position (stronger
 *   within the window, or past it, and not older than the window); else the current.
 */
export function applyPostSummary(
  current: Sighting | undefined,
  gateway: string,
  summary: PostSummary,
  windowMs = SIGHTING_WINDOW_MS,
): Sighting {
  const latest = { gateway, ...summary.latest };
  if (!current) return latest;
  if (current.gateway === gateway) return latest.at >= current.at ? latest : current;
  const beats = (h: Heard) =>
    h.at >= current.at - windowMs && (h.at - current.at > windowMs || h.rssi > current.rssi);
  return beats(summary.latest) || summary.stronger.some(beats) ? latest : current;
}
