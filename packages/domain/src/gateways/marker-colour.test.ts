import { describe, it, expect } from 'vitest';
import {
  MARKER_COLOURS,
  MARKER_COLOUR_HEX,
  cameraMarkerColour,
  isGatewayShownOnMap,
  isUpdating,
  markerColour,
  type MarkerColourContext,
  type MarkerGateway,
} from './marker-colour';

const passing = { button: 95, coverage: 95, floor: 60 };
const gw = (over: Partial<MarkerGateway> = {}): MarkerGateway => ({
  status: 'connected',
  configState: 'deployed',
  sku: 'GW2',
  isSafeMode: false,
  adminMode: false,
  lastResetReason: 0,
  diagnostics: passing,
  ...over,
});
const realTime: MarkerColourContext = { editMode: false, canReadRealTimeStatus: true, canReadStatus: true };
const statusOnly: MarkerColourContext = {
  editMode: false,
  canReadRealTimeStatus: false,
  canReadStatus: true,
};
const noStatus: MarkerColourContext = { editMode: false, canReadRealTimeStatus: false, canReadStatus: false };

describe('markerColour with real-time status (SPEC §4 Gateway on the map)', () => {
  it.each([
    ['disconnected', gw({ status: 'disconnected' }), 'red'],
    ['disconnected beats reboot reason 9', gw({ status: 'disconnected', lastResetReason: 9 }), 'red'],
    ['no status yet', gw({ status: null }), 'red'],
    ['reboot reason 9 (power)', gw({ lastResetReason: 9 }), 'pink'],
    ['reboot reason "9"', gw({ lastResetReason: '9' }), 'pink'],
    ['reboot reason 9 beats updating', gw({ lastResetReason: 9, status: 'ota_download' }), 'pink'],
    ['updating (ota…)', gw({ status: 'ota_download' }), 'blue'],
    ['updating beats safe mode', gw({ status: 'ota', isSafeMode: true }), 'blue'],
    ['safe mode', gw({ isSafeMode: true }), 'darkBlue'],
    ['safe mode beats admin mode', gw({ isSafeMode: true, adminMode: true }), 'darkBlue'],
    ['deployed in admin mode', gw({ adminMode: true, diagnostics: null }), 'darkGreen'],
    ['deployed bridge GWL1', gw({ sku: 'GWL1', diagnostics: null }), 'darkGreen'],
    ['deployed bridge GWL0', gw({ sku: 'GWL0', diagnostics: null }), 'darkGreen'],
    ['deployed with passing diagnostics', gw(), 'green'],
    [
      'deployed with failing diagnostics',
      gw({ diagnostics: { button: 89, coverage: 95, floor: 60 } }),
      'orange',
    ],
    ['deployed without diagnostics', gw({ diagnostics: null }), 'orange'],
    ['ready_to_deploy in admin mode', gw({ configState: 'ready_to_deploy', adminMode: true }), 'orange'],
    ['ready_to_deploy with passing diagnostics', gw({ configState: 'ready_to_deploy' }), 'orange'],
  ])('%s → %s', (_case, gateway, colour) => {
    expect(markerColour(gateway, realTime)).toBe(colour);
  });
});

describe('markerColour in other situations (SPEC §4 Gateway on the map)', () => {
  it.each([
    ['status only, connected', gw({ lastResetReason: 9 }), statusOnly, 'blue'],
    ['status only, updating', gw({ status: 'ota_flash' }), statusOnly, 'blue'],
    ['status only, disconnected', gw({ status: 'disconnected' }), statusOnly, 'red'],
    ['status only, no status', gw({ status: undefined }), statusOnly, 'red'],
    [
      'edit mode beats real-time status',
      gw({ status: 'disconnected' }),
      { ...realTime, editMode: true },
      'blue',
    ],
    ['no status permission at all', gw({ status: 'disconnected' }), noStatus, 'blue'],
    ['marker without a gateway', null, realTime, 'gray'],
    ['marker without a gateway in edit mode', undefined, { ...realTime, editMode: true }, 'gray'],
  ] as const)('%s → %s', (_case, gateway, context, colour) => {
    expect(markerColour(gateway, context)).toBe(colour);
  });
});

describe('cameraMarkerColour (SPEC §4)', () => {
  it.each([
    [{ id: 'cam-1' }, 'darkBlue'],
    [{ id: '' }, 'gray'],
    [{ id: null }, 'gray'],
    [{}, 'gray'],
    [null, 'gray'],
  ])('%j → %s', (camera, colour) => {
    expect(cameraMarkerColour(camera)).toBe(colour);
  });
});

describe('isGatewayShownOnMap (SPEC §4)', () => {
  it.each([
    ['deployed', true],
    ['ready_to_deploy', true],
    ['undeployed', false],
    ['returned', false],
    ['lost', false],
    ['unknown', false],
    [null, false],
  ])('%s → %s', (state, shown) => {
    expect(isGatewayShownOnMap(state)).toBe(shown);
  });
});

describe('isUpdating (SPEC §4)', () => {
  it.each([
    ['ota', true],
    ['ota_download', true],
    ['otaFlash', true],
    ['connected', false],
    ['disconnected', false],
    ['boot_ota', false],
    [null, false],
  ])('%s → %s', (status, updating) => {
    expect(isUpdating(status)).toBe(updating);
  });
});

describe('MARKER_COLOUR_HEX', () => {
  it('has a hex colour for every token', () => {
    expect(Object.keys(MARKER_COLOUR_HEX).sort()).toEqual([...MARKER_COLOURS].sort());
    for (const hex of Object.values(MARKER_COLOUR_HEX)) expect(hex).toMatch(/^#[0-9a-f]{6}$/);
  });
});
