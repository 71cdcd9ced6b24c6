import type { Stored } from './decide';

/** How long a cached position is used without this process reading or writing it again. */
export const POSITION_CACHE_TTL_MS = 60_000;
/** How long the cache stays unused after another instance was found writing positions. */
export const SHARED_BACKOFF_MS = 60_000;
/** Beyond this many positions the cache starts again empty (memory: ~100 bytes each). */
const MAX_ENTRIES = 2_000_000;

type Entry = Stored & { confirmedAt: number };

/**
 * What one process's sightings writer knows of the latest positions: those it last read or wrote,
 * a hint that spares it reading them again, never the truth. The database stays the truth:
 * - every position a flush writes is written only if still as the writer believes (flush.ts), so a
 *   wrong belief costs a retry, never a wrong position;
 * - a flush that decided from the cache also counts itself in `sighting_flushes`, in its transaction:
 *   if another instance flushed since this one's last flush, the count shows it, the flush is
 *   started again from the database, and the cache is left unused for SHARED_BACKOFF_MS (several
 *   instances sharing the gateways each read their tags, as without a cache);
 * - a position neither read nor written by this process for POSITION_CACHE_TTL_MS is read again,
 *   which bounds how long a change made outside the sightings (a tag deleted and registered again)
 *   can go unseen by the sightings that do not move it.
 */
export class PositionCache {
  private readonly entries = new Map<string, Entry>();
  /** The flush count after this process's last flush; undefined: unknown, nothing to trust. */
  private count: number | undefined;
  private sharedUntil = 0;
  /** How long the cache stays unused once another instance was found writing (a test may shorten it). */
  sharedBackoffMs = SHARED_BACKOFF_MS;

  /** Whether a flush starting now may decide from cached positions. */
  usable(now: number): boolean {
    return this.count !== undefined && now >= this.sharedUntil;
  }

  get(tag: string, now: number): Stored | undefined {
    const entry = this.entries.get(tag);
    return entry && now - entry.confirmedAt <= POSITION_CACHE_TTL_MS ? entry : undefined;
  }

  /** The count a flush that decided from the cache must find, after adding itself. */
  expectedCount(): number | undefined {
    return this.count === undefined ? undefined : this.count + 1;
  }

  /**
   * After a committed flush that no other writer's flush came between the read of (`alone`): the
   * count it read and the count it left, and the positions it read or wrote. If other flushes came
   * since this process's last one, what it remembers of other tags may be stale: forgotten.
   */
  committed(read: number, count: number, positions: ReadonlyMap<string, Stored>, now: number): void {
    if (this.count !== read || this.entries.size + positions.size > MAX_ENTRIES) this.entries.clear();
    this.count = count;
    for (const [tag, p] of positions) {
      this.entries.set(tag, { orgId: p.orgId, gateway: p.gateway, rssi: p.rssi, at: p.at, confirmedAt: now });
    }
  }

  /** Forgets these positions (a write that found them changed, a tag no longer the organisation's). */
  forget(tags: Iterable<string>): void {
    for (const tag of tags) this.entries.delete(tag);
  }

  /** Another instance writes positions too: forget everything, and read for a while. */
  shared(now: number): void {
    this.entries.clear();
    this.count = undefined;
    this.sharedUntil = now + this.sharedBackoffMs;
  }

  /** A flush failed for another reason: nothing it did is known to have happened. */
  reset(): void {
    this.entries.clear();
    this.count = undefined;
  }
}
