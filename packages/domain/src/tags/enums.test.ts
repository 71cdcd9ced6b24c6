import { describe, it, expect } from 'vitest';
import {
  BATTERY_LEVELS,
  BEHAVIOUR_MODES,
  COLLECTION_REASONS,
  COLLECTION_URGENCIES,
  COLLECTION_URGENCY_LABELS,
  REPLACEMENT_TIMELINES,
  REPLACEMENT_TIMELINE_CODES,
  REPLACEMENT_TIMELINE_LABELS,
  TAG_CONFIG_STATES,
  collectionUrgencySchema,
  tagConfigStateSchema,
} from './enums';

describe('tag enumerations (SPEC §3)', () => {
  it.each([
    [
      'tag config states',
      TAG_CONFIG_STATES,
      ['flashed', 'available', 'reserved', 'deployed', 'ready_for_return', 'returned', 'lost'],
    ],
    ['behaviour modes', BEHAVIOUR_MODES, ['standard', 'walkthrough', 'responder']],
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
  ] as const)('%s', (_name, values, expected) => {
    expect(values).toEqual(expected);
  });
});

describe('labels shown for tag enumerations (SPEC §3)', () => {
  it.each([
    ['urgency 0', COLLECTION_URGENCY_LABELS[0], 'Collect Immediately'],
    ['urgency 1', COLLECTION_URGENCY_LABELS[1], 'Collect Soon'],
    ['urgency 2', COLLECTION_URGENCY_LABELS[2], 'Collect When Possible'],
    ['replacement overdue', REPLACEMENT_TIMELINE_LABELS.overdue, 'Overdue'],
    ['replacement soon', REPLACEMENT_TIMELINE_LABELS.soon, '1 - 2 months (ASAP)'],
  ])('%s → %s', (_case, label, expected) => {
    expect(label).toBe(expected);
  });

  it('keeps the numeric replacement timeline codes of SPEC §3', () => {
    expect(REPLACEMENT_TIMELINE_CODES).toEqual({ overdue: 0, soon: 1 });
  });
});

describe('tag enumeration schemas (SPEC §3)', () => {
  it.each([
    [tagConfigStateSchema, 'ready_for_return', true],
    [tagConfigStateSchema, 'undeployed', false],
    [collectionUrgencySchema, 0, true],
    [collectionUrgencySchema, 2, true],
    [collectionUrgencySchema, 3, false],
    [collectionUrgencySchema, '1', false],
  ] as const)('%#: %j valid %s', (schema, value, valid) => {
    expect(schema.safeParse(value).success).toBe(valid);
  });
});
