import { summarisePost, type SightingsAnswer, type SightingsPost } from '@vigil/domain';
import type { Db } from '../platform/db/client';
import { HttpError } from '../platform/errors';
import { sightingsWriter } from './writer';

/**
 * POST /api/ingest/sightings (issue 20): a gateway's post applied once per (gateway, batch id). The
 * post is summarised tag by tag (domain `summarisePost`), then handed to the database's group commit
 * (writer.ts), which applies it after the posts before it with the best gateway rule
 * (`applyPostSummary`) and keeps the batch with its answer. A repeat is answered the first answer,
 * `duplicate: true`.
 */
export async function applySightings(
  db: Db,
  orgId: string,
  post: SightingsPost,
  now = Date.now(),
): Promise<SightingsAnswer> {
  // A post's sightings share few times (a gateway reports by the second): each parsed once.
  const times = new Map<string, number>();
  const timeOf = (iso: string) => {
    let at = times.get(iso);
    // A gateway clock ahead of ours would hold a tag where it is: such a sighting counts as heard now.
    if (at === undefined) times.set(iso, (at = Math.min(Date.parse(iso), now)));
    return at;
  };
  const summaries = summarisePost(
    post.sightings.map((s) => ({ tag: s.tag, rssi: s.rssi, at: timeOf(s.at) })),
  );
  const outcome = await sightingsWriter(db).submit(
    { orgId, gateway: post.gateway, batch: post.batch, summaries },
    post.sightings.length,
  );
  if (outcome instanceof HttpError) throw outcome;
  return outcome;
}
