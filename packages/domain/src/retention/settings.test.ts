import { describe, expect, it } from 'vitest';
import {
  DEFAULT_RETENTION_DAYS,
  RETENTION_CATEGORIES,
  retentionConfigSchema,
  retentionCutoff,
  retentionLevelError,
  retentionSettings,
} from './settings';
import { RETENTION_LABELS } from './labels';
import { zoneConfigSchema, zoneUpdateBodySchema } from '../zones/contract';

describe('DEFAULT_RETENTION_DAYS (issue 19 Retention: defaults stated in docs/OPERATIONS.md)', () => {
  it.each([
    ['alerts', 2555, 'incident records: 7 years'],
    ['auditLog', 2555, 'who changed what: 7 years'],
    ['syncLog', 365, 'gateway commands: a year'],
    ['heartbeats', 31, "the gateway metrics' widest window"],
    ['consoleSnapshots', 30, 'troubleshooting: a month'],
  ] as const)('%s keeps %i days (%s)', (category, days, _why) => {
    expect(DEFAULT_RETENTION_DAYS[category]).toBe(days);
  });

  it('has a default and a label for every category, and nothing else', () => {
    expect(Object.keys(DEFAULT_RETENTION_DAYS).sort()).toEqual([...RETENTION_CATEGORIES].sort());
    expect(Object.keys(RETENTION_LABELS).sort()).toEqual([...RETENTION_CATEGORIES].sort());
  });
});

describe('retentionSettings (issue 19: an organisation config, defaults for what it leaves out)', () => {
  const defaults = { ...DEFAULT_RETENTION_DAYS };
  it.each([
    ['no config', undefined, defaults],
    ['a config without retention', { timeZone: 'UTC' }, defaults],
    ['one category set', { retention: { heartbeats: 7 } }, { ...defaults, heartbeats: 7 }],
    ['one kept forever', { retention: { auditLog: 'forever' } }, { ...defaults, auditLog: null }],
    ['the limits', { retention: { alerts: 1, syncLog: 3650 } }, { ...defaults, alerts: 1, syncLog: 3650 }],
    ['zero is not a setting: the default', { retention: { alerts: 0 } }, defaults],
    ['over ten years: the default', { retention: { alerts: 3651 } }, defaults],
    ['a fraction: the default', { retention: { alerts: 1.5 } }, defaults],
    ['text: the default', { retention: { alerts: '30' } }, defaults],
    ['null: the default', { retention: { alerts: null } }, defaults],
    ['retention not an object', { retention: 30 }, defaults],
  ] as const)('%s', (_name, config, expected) => {
    expect(retentionSettings(config)).toEqual(expected);
  });
});

describe('retentionCutoff (issue 19: only rows older than the setting go)', () => {
  const now = new Date('2026-06-01T12:00:00.000Z');
  it.each([
    [1, '2026-05-31T12:00:00.000Z'],
    [30, '2026-05-02T12:00:00.000Z'],
    [365, '2025-06-01T12:00:00.000Z'],
    // 24-hour days, whatever the clocks of a time zone do (a DST change in March is not a day less).
    [90, '2026-03-03T12:00:00.000Z'],
  ] as const)('%i days before 2026-06-01T12:00Z → %s', (days, expected) => {
    expect(retentionCutoff(days, now)?.toISOString()).toBe(expected);
  });

  it('keeps everything when the setting is forever', () => {
    expect(retentionCutoff(null, now)).toBeUndefined();
  });
});

describe('retentionConfigSchema (issue 19: what a zone PUT may set)', () => {
  it.each([
    [{ alerts: 1 }],
    [{ alerts: 3650 }],
    [{ heartbeats: 'forever' }],
    [{ heartbeats: null }],
    [{}],
    [{ alerts: 90, auditLog: 'forever', syncLog: 365, heartbeats: 31, consoleSnapshots: 30 }],
  ])('accepts %j', (value) => {
    expect(retentionConfigSchema.safeParse(value).success).toBe(true);
  });

  it.each([
    [{ alerts: 0 }, 'Keep at least 1 day'],
    [{ alerts: 3651 }, 'Keep at most 3650 days, or forever'],
    [{ alerts: 2.5 }, 'Give whole days'],
    [{ alerts: 'never' }, undefined],
    [{ sightings: 30 }, undefined],
  ])('refuses %j', (value, message) => {
    const result = retentionConfigSchema.safeParse(value);
    expect(result.success).toBe(false);
    if (message) expect(result.error?.issues.map((i) => i.message).join(' ')).toContain(message);
  });

  it('is the retention key of a zone config, and of a zone PUT', () => {
    expect(zoneConfigSchema.safeParse({ retention: { alerts: 30 } }).success).toBe(true);
    expect(zoneConfigSchema.safeParse({ retention: { alerts: -1 } }).success).toBe(false);
    expect(zoneUpdateBodySchema.safeParse({ config: { retention: null } }).success).toBe(true);
  });
});

describe('retentionLevelError (issue 19: retention is an organisation setting)', () => {
  it.each([
    ['org', { retention: { alerts: 30 } }, undefined],
    ['site', { retention: { alerts: 30 } }, 'Retention is set on an organisation only'],
    ['floor', { retention: { heartbeats: 'forever' } }, 'Retention is set on an organisation only'],
    ['site', { retention: {} }, undefined],
    ['site', { number: 2 }, undefined],
    ['area', undefined, undefined],
  ] as const)('%s with %j → %s', (level, config, expected) => {
    expect(retentionLevelError(level, config)).toBe(expected);
  });
});
