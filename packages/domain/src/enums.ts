import { z } from 'zod';

// SPEC §3 "Enumerations", plus the closed value lists named in §3's entity fields.
// Each list is an `as const` tuple, a zod schema and the inferred type; label maps
// hold the words SPEC says the console shows instead of the stored value.

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

/** SPEC §3 Enumerations: gateway config states. */
export const GATEWAY_CONFIG_STATES = [
  'deployed',
  'ready_to_deploy',
  'undeployed',
  'returned',
  'lost',
  'unknown',
] as const;
export const gatewayConfigStateSchema = z.enum(GATEWAY_CONFIG_STATES);
export type GatewayConfigState = z.infer<typeof gatewayConfigStateSchema>;

/** SPEC §3: undeployed is shown as 'Ready for Return'; the other labels are the value in words. */
export const GATEWAY_CONFIG_STATE_LABELS = {
  deployed: 'Deployed',
  ready_to_deploy: 'Ready to Deploy',
  undeployed: 'Ready for Return',
  returned: 'Returned',
  lost: 'Lost',
  unknown: 'Unknown',
} as const satisfies Record<GatewayConfigState, string>;

/** SPEC §3 Enumerations: behaviour modes. */
export const BEHAVIOUR_MODES = ['standard', 'walkthrough', 'responder'] as const;
export const behaviourModeSchema = z.enum(BEHAVIOUR_MODES);
export type BehaviourMode = z.infer<typeof behaviourModeSchema>;

/** SPEC §3 Enumerations: zone categories (Zone config.category). */
export const CATEGORIES = ['indoor', 'outdoor', 'home'] as const;
export const categorySchema = z.enum(CATEGORIES);
export type Category = z.infer<typeof categorySchema>;

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

/** SPEC §3 Enumerations: SKU codes. */
export const SKU_CODES = [
  'GW2',
  'GWL1',
  'TAG3',
  'TAG5',
  'TAG6',
  'TAG7',
  'WEAR1',
  'NODE1',
  'GWC',
  'GWG',
  'DSK',
] as const;
export const skuCodeSchema = z.enum(SKU_CODES);
export type SkuCode = z.infer<typeof skuCodeSchema>;

/** SPEC §3 Enumerations: danger reasons. */
export const DANGER_REASONS = ['activeShooter', 'other'] as const;
export const dangerReasonSchema = z.enum(DANGER_REASONS);
export type DangerReason = z.infer<typeof dangerReasonSchema>;

/** SPEC §3: 'other' is shown as 'Dangerous emergency'; SPEC gives no wording for activeShooter. */
export const DANGER_REASON_LABELS = {
  activeShooter: 'Active shooter',
  other: 'Dangerous emergency',
} as const satisfies Record<DangerReason, string>;

/** SPEC §3 Enumerations, §4 Scan mode: the four tag scan modes. */
export const TAG_SCAN_MODES = ['singleTap', 'doubleTap', 'qrCode', 'off'] as const;
export const tagScanModeSchema = z.enum(TAG_SCAN_MODES);
export type TagScanMode = z.infer<typeof tagScanModeSchema>;

/** SPEC §3 Enumerations: gateway removal actions (POST gateways/{id}/unassign, §7). */
export const GATEWAY_REMOVAL_ACTIONS = ['none', 'uninstall', 'factory-reset', 'rma', 'lost'] as const;
export const gatewayRemovalActionSchema = z.enum(GATEWAY_REMOVAL_ACTIONS);
export type GatewayRemovalAction = z.infer<typeof gatewayRemovalActionSchema>;

/** SPEC §3: order contact kinds. */
export const CONTACT_KINDS = ['sms', 'email', 'ascom', 'connexall', 'vocera', 'wctp', 'tiger'] as const;
export const contactKindSchema = z.enum(CONTACT_KINDS);
export type ContactKind = z.infer<typeof contactKindSchema>;

/** SPEC §3 Zone: levels from the top of the tree down. */
export const ZONE_LEVELS = ['root', 'org', 'site', 'building', 'floor', 'unit', 'area'] as const;
export const zoneLevelSchema = z.enum(ZONE_LEVELS);
export type ZoneLevel = z.infer<typeof zoneLevelSchema>;

/** SPEC §3 Zone config.state, §4 Units. */
export const ZONE_STATES = ['active', 'inactive'] as const;
export const zoneStateSchema = z.enum(ZONE_STATES);
export type ZoneState = z.infer<typeof zoneStateSchema>;

/** SPEC §3 Alert: reason kinds. */
export const ALERT_REASON_KINDS = ['resolved', 'ignored', 'danger'] as const;
export const alertReasonKindSchema = z.enum(ALERT_REASON_KINDS);
export type AlertReasonKind = z.infer<typeof alertReasonKindSchema>;

/** SPEC §3 Gateway state.hardware.revision. */
export const GATEWAY_HARDWARE_REVISIONS = ['v2', 'v3'] as const;
export const gatewayHardwareRevisionSchema = z.enum(GATEWAY_HARDWARE_REVISIONS);
export type GatewayHardwareRevision = z.infer<typeof gatewayHardwareRevisionSchema>;

/** SPEC §3 Map tracker: types. */
export const MAP_TRACKER_TYPES = ['alert', 'person', 'asset', 'responder', 'alert-responder'] as const;
export const mapTrackerTypeSchema = z.enum(MAP_TRACKER_TYPES);
export type MapTrackerType = z.infer<typeof mapTrackerTypeSchema>;
