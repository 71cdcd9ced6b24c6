import {
  applyPostSummary,
  isMove,
  type PostSummary,
  type Sighting,
  type SightingsAnswer,
} from '@vigil/domain';

/** A post taken into a flush: its organisation (the gateway key's), gateway, batch and summaries. */
export type FlushPost = {
  orgId: string;
  gateway: string;
  batch: string;
  /** Tag by tag (domain `summarisePost`). */
  summaries: Map<string, PostSummary>;
};

/** A tag's latest position as stored, with the organisation whose gateway wrote it. */
export type Stored = Sighting & { orgId: string };

/** What a flush knows of its tags before it decides: where each is, and whose it is. */
export type Known = {
  /** The stored position of each tag that has one. */
  positions: Map<string, Stored>;
  /** The organisation each tag belongs to (null: no such tag). */
  owners: Map<string, string | null>;
};

/** A position to write: the tag's new one, and the stored one it replaces (none: a first position). */
export type PositionWrite = {
  tag: string;
  orgId: string;
  gateway: string;
  rssi: number;
  at: number;
  /** The time of the move that brought it to `gateway` in this flush; none: a refresh (moved_at kept). */
  movedAt: number | undefined;
  before: Stored | undefined;
};

/** A move kept in the tag's history (tag_moves): the gateway it arrived at, when and how strongly. */
export type MoveRow = { tag: string; orgId: string; gateway: string; rssi: number; at: number };

export type Decision = {
  /** Each post's answer, in order (undefined: a post not applied, i.e. a duplicate or an unknown gateway). */
  answers: (SightingsAnswer | undefined)[];
  writes: PositionWrite[];
  moves: MoveRow[];
};

/**
 * The posts of a flush applied in arrival order, tag by tag, with the domain rule (`applyPostSummary`)
 * from the stored positions: each post's answer, the positions the flush leaves (one write per tag,
 * whatever the number of posts naming it) and every move. `applied[i]` says whether post i is applied
 * (a known gateway of its organisation, a batch not seen before). A tag not of the post's
 * organisation is unknown to it and untouched.
 */
export function decideFlush(
  posts: readonly FlushPost[],
  applied: readonly boolean[],
  known: Known,
): Decision {
  // Per tag: where it is after the posts so far (undefined: nothing known) and its write, if any.
  const current = new Map<string, Sighting | undefined>();
  const writes = new Map<string, PositionWrite>();
  const answers: (SightingsAnswer | undefined)[] = [];
  const moves: MoveRow[] = [];
  for (let i = 0; i < posts.length; i++) {
    const post = posts[i]!;
    if (!applied[i]) {
      answers.push(undefined);
      continue;
    }
    const answer = { accepted: 0, moved: 0, unknownTags: 0, duplicate: false };
    for (const [tag, summary] of post.summaries) {
      if (known.owners.get(tag) !== post.orgId) {
        answer.unknownTags++;
        continue;
      }
      answer.accepted += summary.count;
      const before = current.has(tag) ? current.get(tag) : known.positions.get(tag);
      const next = applyPostSummary(before, post.gateway, summary);
      // A refresh that changes nothing (the same strength, heard at the same time) writes nothing.
      if (next === before || (before && sameSighting(before, next))) {
        if (!current.has(tag)) current.set(tag, before);
        continue;
      }
      current.set(tag, next);
      const moved = isMove(before, next);
      let write = writes.get(tag);
      if (!write) {
        write = {
          tag,
          orgId: post.orgId,
          gateway: next.gateway,
          rssi: next.rssi,
          at: next.at,
          movedAt: undefined,
          before: known.positions.get(tag),
        };
        writes.set(tag, write);
      } else {
        write.orgId = post.orgId;
        write.gateway = next.gateway;
        write.rssi = next.rssi;
        write.at = next.at;
      }
      if (moved) {
        write.movedAt = next.at;
        answer.moved++;
        moves.push({ tag, orgId: post.orgId, gateway: next.gateway, rssi: next.rssi, at: next.at });
      }
    }
    answers.push(answer);
  }
  return { answers, writes: [...writes.values()], moves };
}

const sameSighting = (a: Sighting, b: Sighting) =>
  a.gateway === b.gateway && a.rssi === b.rssi && a.at === b.at;
