import {
  COLLECTION_REASONS,
  COLLECTION_URGENCIES,
  COLLECTION_URGENCY_LABELS,
  REPLACEMENT_TIMELINES,
  REPLACEMENT_TIMELINE_LABELS,
  type CollectionReason,
  type CollectionUrgency,
  type ReplacementTimeline,
} from '@vigil/domain';

// The words the report screens show for SPEC §3's stored values (urgency, timeline, reason).

const oneOf = <T extends string | number>(values: readonly T[], value: unknown): value is T =>
  values.includes(value as T);

/** SPEC §3 urgency label ('Collect Immediately'), or '' for none. */
export function urgencyLabel(urgency: number | null | undefined): string {
  return oneOf(COLLECTION_URGENCIES, urgency) ? COLLECTION_URGENCY_LABELS[urgency] : '';
}

/** SPEC §3/§4 replacement timeline label ('Overdue', '1 - 2 months (ASAP)'), or '' for none. */
export function timelineLabel(timeline: string | null | undefined): string {
  return oneOf(REPLACEMENT_TIMELINES, timeline) ? REPLACEMENT_TIMELINE_LABELS[timeline] : '';
}

const REASON_WORDS: Partial<Record<CollectionReason, string>> = {
  highUrgency: 'High urgency',
  mediumUrgency: 'Medium urgency',
  noUrgency: 'No urgency',
  tag_crash_high: 'Tag crash (high)',
  tag_crash_low: 'Tag crash (low)',
};

/** A collection reason in words: 'battery_depleted' → 'Battery depleted'. */
export function reasonLabel(reason: string | null | undefined): string {
  if (!reason) return '';
  const known = REASON_WORDS[reason as CollectionReason];
  if (known) return known;
  const spaced = reason
    .replace(/_/g, ' ')
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .toLowerCase();
  return spaced.charAt(0).toUpperCase() + spaced.slice(1);
}

/** The reasons a flagged tag can carry (not 'none' and 'any', which are no reasons). */
export const FLAG_REASONS = COLLECTION_REASONS.filter((r) => r !== 'none' && r !== 'any');

/** A URL value as an urgency, or undefined. */
export function urgencyOf(value: string | null): CollectionUrgency | undefined {
  const n = value === null || value === '' ? NaN : Number(value);
  return oneOf(COLLECTION_URGENCIES, n) ? n : undefined;
}

/** A URL value as a replacement timeline, or undefined. */
export function timelineOf(value: string | null): ReplacementTimeline | undefined {
  return oneOf(REPLACEMENT_TIMELINES, value) ? value : undefined;
}

/** A URL value as a collection reason, or undefined. */
export function reasonOf(value: string | null): CollectionReason | undefined {
  return oneOf(COLLECTION_REASONS, value) ? value : undefined;
}

/** A URL value as a whole number of days among `choices`, else `fallback`. */
export function daysOf(value: string | null, choices: readonly number[], fallback: number): number {
  const n = Number(value);
  return choices.includes(n) ? n : fallback;
}

/** '1 day', '7 days'. */
export const daysText = (days: number) => `${days} ${days === 1 ? 'day' : 'days'}`;

/** A count as text with thousands separators. */
export const countText = (n: number) => n.toLocaleString('en-US');

/** '1 missing tag', '12 missing tags'. */
export const missingTagsText = (n: number) => `${countText(n)} missing ${n === 1 ? 'tag' : 'tags'}`;

/** '1 tag', '12 tags'. */
export const tagsText = (n: number) => `${countText(n)} ${n === 1 ? 'tag' : 'tags'}`;
