import { z } from 'zod';

// SPEC §3 Enumerations of tags. Each list is an `as const` tuple, a zod schema and the inferred
// type; label maps hold the words SPEC says the console shows instead of the stored value.

/** SPEC §3 Enumerations: tag config states. */
export const TAG_CONFIG_STATES = [
  'flashed',
  'available',
  'reserved',
  'deployed',
  'ready_for_return',
  'returned',
  'lost',
] as const;
export const tagConfigStateSchema = z.enum(TAG_CONFIG_STATES);
export type TagConfigState = z.infer<typeof tagConfigStateSchema>;

/** SPEC §3 Enumerations: behaviour modes. */
export const BEHAVIOUR_MODES = ['standard', 'walkthrough', 'responder'] as const;
export const behaviourModeSchema = z.enum(BEHAVIOUR_MODES);
export type BehaviourMode = z.infer<typeof behaviourModeSchema>;

/** SPEC §3 Enumerations: battery levels. */
export const BATTERY_LEVELS = ['healthy', 'low', 'depleted', 'unstable', 'unknown'] as const;
export const batteryLevelSchema = z.enum(BATTERY_LEVELS);
export type BatteryLevel = z.infer<typeof batteryLevelSchema>;

/** SPEC §3 Enumerations: collection reasons. */
export const COLLECTION_REASONS = [
  'none',
  'any',
  'highUrgency',
  'mediumUrgency',
  'noUrgency',
  'battery_depleted',
  'tag_crash_high',
  'tag_crash_low',
  'firmware_obsolete',
  'manual',
  'battery_low',
  'staff_turnover',
  'tag_replaced',
] as const;
export const collectionReasonSchema = z.enum(COLLECTION_REASONS);
export type CollectionReason = z.infer<typeof collectionReasonSchema>;

/** SPEC §3 Enumerations: collection urgency, 0 is the most urgent. */
export const COLLECTION_URGENCIES = [0, 1, 2] as const;
export const collectionUrgencySchema = z.literal(COLLECTION_URGENCIES);
export type CollectionUrgency = z.infer<typeof collectionUrgencySchema>;

/** SPEC §3: how each collection urgency is shown. */
export const COLLECTION_URGENCY_LABELS = {
  0: 'Collect Immediately',
  1: 'Collect Soon',
  2: 'Collect When Possible',
} as const satisfies Record<CollectionUrgency, string>;

/** SPEC §3 Enumerations, §4 Tag reuse: replacement timelines ('overdue' is code 0, 'soon' code 1). */
export const REPLACEMENT_TIMELINES = ['overdue', 'soon'] as const;
export const replacementTimelineSchema = z.enum(REPLACEMENT_TIMELINES);
export type ReplacementTimeline = z.infer<typeof replacementTimelineSchema>;

/** SPEC §3: the numeric code SPEC gives each replacement timeline. */
export const REPLACEMENT_TIMELINE_CODES = { overdue: 0, soon: 1 } as const satisfies Record<
  ReplacementTimeline,
  number
>;

/** SPEC §3: how each replacement timeline is shown. */
export const REPLACEMENT_TIMELINE_LABELS = {
  overdue: 'Overdue',
  soon: '1 - 2 months (ASAP)',
} as const satisfies Record<ReplacementTimeline, string>;
