import { describe, it, expect } from 'vitest';
import {
  ALERT_REASON_KINDS,
  BATTERY_LEVELS,
  BEHAVIOUR_MODES,
  CATEGORIES,
  COLLECTION_REASONS,
  COLLECTION_URGENCIES,
  COLLECTION_URGENCY_LABELS,
  CONTACT_KINDS,
  DANGER_REASONS,
  DANGER_REASON_LABELS,
  GATEWAY_CONFIG_STATES,
  GATEWAY_CONFIG_STATE_LABELS,
  GATEWAY_HARDWARE_REVISIONS,
  GATEWAY_REMOVAL_ACTIONS,
  MAP_TRACKER_TYPES,
  REPLACEMENT_TIMELINES,
  REPLACEMENT_TIMELINE_CODES,
  REPLACEMENT_TIMELINE_LABELS,
  SKU_CODES,
  TAG_CONFIG_STATES,
  TAG_SCAN_MODES,
  ZONE_LEVELS,
  ZONE_STATES,
  collectionUrgencySchema,
  gatewayConfigStateSchema,
  tagConfigStateSchema,
  tagScanModeSchema,
  zoneLevelSchema,
} from './enums';

describe('enumerations (SPEC §3)', () => {
  it.each([
    [
      'tag config states',
      TAG_CONFIG_STATES,
      ['flashed', 'available', 'reserved', 'deployed', 'ready_for_return', 'returned', 'lost'],
    ],
    [
      'gateway config states',
      GATEWAY_CONFIG_STATES,
      ['deployed', 'ready_to_deploy', 'undeployed', 'returned', 'lost', 'unknown'],
    ],
    ['behaviour modes', BEHAVIOUR_MODES, ['standard', 'walkthrough', 'responder']],
    ['categories', CATEGORIES, ['indoor', 'outdoor', 'home']],
    ['battery levels', BATTERY_LEVELS, ['healthy', 'low', 'depleted', 'unstable', 'unknown']],
    [
      'collection reasons',
      COLLECTION_REASONS,
      [
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
      ],
    ],
    ['collection urgencies', COLLECTION_URGENCIES, [0, 1, 2]],
    ['replacement timelines', REPLACEMENT_TIMELINES, ['overdue', 'soon']],
    [
      'SKU codes',
      SKU_CODES,
      ['GW2', 'GWL1', 'TAG3', 'TAG5', 'TAG6', 'TAG7', 'WEAR1', 'NODE1', 'GWC', 'GWG', 'DSK'],
    ],
    ['danger reasons', DANGER_REASONS, ['activeShooter', 'other']],
    ['tag scan modes', TAG_SCAN_MODES, ['singleTap', 'doubleTap', 'qrCode', 'off']],
    [
      'gateway removal actions',
      GATEWAY_REMOVAL_ACTIONS,
      ['none', 'uninstall', 'factory-reset', 'rma', 'lost'],
    ],
    ['contact kinds', CONTACT_KINDS, ['sms', 'email', 'ascom', 'connexall', 'vocera', 'wctp', 'tiger']],
    ['zone levels, in order', ZONE_LEVELS, ['root', 'org', 'site', 'building', 'floor', 'unit', 'area']],
    ['zone states', ZONE_STATES, ['active', 'inactive']],
    ['alert reason kinds', ALERT_REASON_KINDS, ['resolved', 'ignored', 'danger']],
    ['gateway hardware revisions', GATEWAY_HARDWARE_REVISIONS, ['v2', 'v3']],
    ['map tracker types', MAP_TRACKER_TYPES, ['alert', 'person', 'asset', 'responder', 'alert-responder']],
  ] as const)('%s', (_name, values, expected) => {
    expect(values).toEqual(expected);
  });
});

describe('labels shown for enumerations (SPEC §3)', () => {
  it.each([
    ['undeployed gateway', GATEWAY_CONFIG_STATE_LABELS.undeployed, 'Ready for Return'],
    ['urgency 0', COLLECTION_URGENCY_LABELS[0], 'Collect Immediately'],
    ['urgency 1', COLLECTION_URGENCY_LABELS[1], 'Collect Soon'],
    ['urgency 2', COLLECTION_URGENCY_LABELS[2], 'Collect When Possible'],
    ['replacement overdue', REPLACEMENT_TIMELINE_LABELS.overdue, 'Overdue'],
    ['replacement soon', REPLACEMENT_TIMELINE_LABELS.soon, '1 - 2 months (ASAP)'],
    ['danger reason other', DANGER_REASON_LABELS.other, 'Dangerous emergency'],
  ])('%s → %s', (_case, label, expected) => {
    expect(label).toBe(expected);
  });

  it('keeps the numeric replacement timeline codes of SPEC §3', () => {
    expect(REPLACEMENT_TIMELINE_CODES).toEqual({ overdue: 0, soon: 1 });
  });

  it('labels every gateway config state', () => {
    expect(Object.keys(GATEWAY_CONFIG_STATE_LABELS)).toEqual([...GATEWAY_CONFIG_STATES]);
  });
});

describe('enumeration schemas (SPEC §3)', () => {
  it.each([
    [tagConfigStateSchema, 'ready_for_return', true],
    [tagConfigStateSchema, 'undeployed', false],
    [gatewayConfigStateSchema, 'undeployed', true],
    [gatewayConfigStateSchema, 'ready_for_return', false],
    [tagScanModeSchema, 'qrCode', true],
    [tagScanModeSchema, 'tripleTap', false],
    [zoneLevelSchema, 'area', true],
    [zoneLevelSchema, 'room', false],
    [collectionUrgencySchema, 0, true],
    [collectionUrgencySchema, 2, true],
    [collectionUrgencySchema, 3, false],
    [collectionUrgencySchema, '1', false],
  ] as const)('%#: %j valid %s', (schema, value, valid) => {
    expect(schema.safeParse(value).success).toBe(valid);
  });
});
