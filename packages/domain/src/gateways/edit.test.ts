import { describe, expect, it } from 'vitest';
import { DAY_MS } from '../constants';
import { GATEWAY_REMOVAL_ACTIONS } from './enums';
import { abilityFor } from '../permissions/model';
import {
  ALTITUDE_NOT_INTEGER,
  GATEWAY_AREA_REQUIRED,
  UNASSIGN_STATE,
  gatewayLocationError,
  gatewayStatus,
  mayOverrideAltitude,
  parseAltitudeOverride,
  resetReasonLabel,
} from './edit';

describe('gatewayLocationError (SPEC §5 Gateway edit: area required)', () => {
  it.each([
    ['area', null],
    ['unit', GATEWAY_AREA_REQUIRED],
    ['floor', GATEWAY_AREA_REQUIRED],
    ['org', GATEWAY_AREA_REQUIRED],
    [null, GATEWAY_AREA_REQUIRED],
    [undefined, GATEWAY_AREA_REQUIRED],
  ])('%s → %s', (level, reason) => {
    expect(gatewayLocationError(level)).toBe(reason);
  });

  it('says it in SPEC §5 words', () => {
    expect(GATEWAY_AREA_REQUIRED).toBe('Must specify unit and area');
  });
});

describe('parseAltitudeOverride (SPEC §5: parsed as an integer, flag set if it is one)', () => {
  it.each([
    ['12', 12, true],
    ['-3', -3, true],
    ['+7', 7, true],
    [' 40 ', 40, true],
    ['0', 0, true],
    [15, 15, true],
    ['', null, false],
    ['   ', null, false],
    [null, null, false],
    [undefined, null, false],
  ])('%j → alt %s, override %s', (text, alt, flag) => {
    expect(parseAltitudeOverride(text)).toEqual({ ok: true, value: { alt, hasAltitudeOverride: flag } });
  });

  it.each([['12.5'], ['abc'], ['1e3'], ['12m'], [12.5], ['99999999999999999999']])(
    '%j is refused',
    (text) => {
      expect(parseAltitudeOverride(text)).toEqual({ ok: false, reason: ALTITUDE_NOT_INTEGER });
    },
  );
});

describe('mayOverrideAltitude (SPEC §5: outdoor users with update Gateway outdoor)', () => {
  const updatesAll = abilityFor([{ action: ['read', 'update'], subject: 'Gateway' }]);
  const noOutdoor = abilityFor([
    { action: ['read', 'update'], subject: 'Gateway' },
    { action: 'update', subject: 'Gateway', fields: ['outdoor'], inverted: true },
  ]);
  const readsOnly = abilityFor([{ action: 'read', subject: 'Gateway' }]);

  it.each([
    ['update Gateway, outdoor flag on', updatesAll, { outdoor: true }, true],
    ['update Gateway, outdoor flag off', updatesAll, {}, false],
    ['update withheld on outdoor, flag on', noOutdoor, { outdoor: true }, false],
    ['read only, flag on', readsOnly, { outdoor: true }, false],
  ])('%s → %s', (_case, ability, flags, may) => {
    expect(mayOverrideAltitude(ability, flags)).toBe(may);
  });
});

describe('UNASSIGN_STATE (SPEC §3 Gateway removal actions)', () => {
  it('names a config state for every removal action', () => {
    expect(Object.keys(UNASSIGN_STATE).sort()).toEqual([...GATEWAY_REMOVAL_ACTIONS].sort());
  });

  it.each([
    ['none', 'ready_to_deploy'],
    ['uninstall', 'undeployed'],
    ['factory-reset', 'ready_to_deploy'],
    ['rma', 'undeployed'],
    ['lost', 'lost'],
  ] as const)('%s → %s', (action, state) => {
    expect(UNASSIGN_STATE[action]).toBe(state);
  });
});

describe('gatewayStatus (SPEC §4 updating, §9 disconnected threshold)', () => {
  const now = new Date('2026-06-01T12:00:00Z');
  const ago = (ms: number) => new Date(now.getTime() - ms).toISOString();

  it.each([
    ['connected, an hour ago', { status: 'connected', updatedAt: ago(3_600_000) }, 'connected'],
    ['connected, exactly 2 days ago', { status: 'connected', updatedAt: ago(2 * DAY_MS) }, 'connected'],
    ['connected, 3 days ago', { status: 'connected', updatedAt: ago(3 * DAY_MS) }, 'disconnected'],
    ['says disconnected', { status: 'disconnected', updatedAt: ago(1000) }, 'disconnected'],
    ['never reported', {}, 'disconnected'],
    ['no state', null, 'disconnected'],
    ['ota download', { status: 'ota_download', updatedAt: ago(1000) }, 'updating'],
    ['safe mode', { status: 'connected', updatedAt: ago(1000), version: { isSafeMode: true } }, 'safeMode'],
    [
      'updating beats safe mode',
      { status: 'ota', updatedAt: ago(1000), version: { isSafeMode: true } },
      'updating',
    ],
    ['disconnected beats updating', { status: 'ota', updatedAt: ago(3 * DAY_MS) }, 'disconnected'],
  ])('%s → %s', (_case, state, kind) => {
    expect(gatewayStatus(state, now)).toBe(kind);
  });
});

describe('resetReasonLabel (SPEC §9: reboot reason 9 is a power problem)', () => {
  it.each([
    [9, 'Power problem'],
    ['9', 'Power problem'],
    [3, 'Code 3'],
    [0, 'Code 0'],
    [null, null],
    [undefined, null],
    ['', null],
    ['watchdog', 'watchdog'],
  ])('%j → %s', (code, label) => {
    expect(resetReasonLabel(code)).toBe(label);
  });
});
