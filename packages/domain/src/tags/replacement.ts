import { TWO_MONTHS_MS } from '../constants';
import type { CollectionUrgency, ReplacementTimeline } from './enums';

/** SPEC §4 Tag reuse: Overdue if urgency is 0, or urgency is 1 and older than 60 days (§9). */
export function replacementTimeline(
  collection: { urgency: CollectionUrgency; at: Date },
  now: Date,
): ReplacementTimeline | undefined {
  if (collection.urgency === 0) return 'overdue';
  if (collection.urgency !== 1) return undefined;
  const age = now.getTime() - collection.at.getTime();
  return age > TWO_MONTHS_MS ? 'overdue' : 'soon';
}
