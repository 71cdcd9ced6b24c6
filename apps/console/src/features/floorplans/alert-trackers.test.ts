import { describe, expect, it } from 'vitest';
import type { Alert, Gateway } from '@vigil/domain';
import { alertFixture } from '../../test/alert-fixtures';
import { gatewayFixture } from '../../test/gateway-fixtures';
import { ALERT_MODE_HEX, autoPanTarget, floorAlertTrackers, type AlertTracker } from './alert-trackers';

// Issue 15 "The alert on the map", SPEC §3 Map tracker, §9 coverage radius, §6 noAutoPan.

const placed = (id: string, lat: number, lng: number, config: Partial<Gateway['config']> = {}) =>
  gatewayFixture({ id, config: { state: 'deployed', coordinates: { lat, lng }, ...config } });
const GATEWAYS = [
  placed('b0a710000001', 40.74205, -73.9741),
  placed('b0a710000002', 40.74215, -73.97385, { category: 'garage' }),
  placed('b0a710000003', 40.7421, -73.974, { logistics: { sku: 'GWL0' } }),
  gatewayFixture({ id: 'b0a710000004', config: { state: 'deployed' } }), // on the floor, not placed
];
const at = (minutesAgo: number) => new Date(Date.UTC(2026, 5, 1, 10, 0) - minutesAgo * 60_000).toISOString();

describe('floorAlertTrackers: which open alerts are on this floor, and how they are drawn', () => {
  it.each<[string, Partial<Alert>, boolean]>([
    ['heard by a placed gateway of the floor', { gateway: 'b0a710000001' }, true],
    ['acknowledged, still open', { gateway: 'b0a710000001', acknowledged: true }, true],
    ['heard by a gateway of another floor', { gateway: 'ffffffffffff' }, false],
    ['heard by a gateway of the floor without coordinates', { gateway: 'b0a710000004' }, false],
    ['without a gateway (a remote alert)', { gateway: null }, false],
    ['closed (an event may still carry it)', { gateway: 'b0a710000001', state: 'closed' }, false],
  ])('an alert %s: on the map %s', (_, fields, shown) => {
    const trackers = floorAlertTrackers([alertFixture({ id: 'a1', ...fields })], GATEWAYS);
    expect(trackers.map((t) => t.alert.id)).toEqual(shown ? ['a1'] : []);
  });

  it('is empty before the first answer and without open alerts', () => {
    expect(floorAlertTrackers(undefined, GATEWAYS)).toEqual([]);
    expect(floorAlertTrackers([], GATEWAYS)).toEqual([]);
  });

  it.each<[Alert['mode'], string]>([
    ['help', ALERT_MODE_HEX.help],
    ['danger', ALERT_MODE_HEX.danger],
    ['test', ALERT_MODE_HEX.test],
  ])('colours a %s alert as its card does (%s)', (mode, colour) => {
    const [t] = floorAlertTrackers([alertFixture({ id: 'a1', mode, gateway: 'b0a710000001' })], GATEWAYS);
    expect(t!.tracker.color).toBe(colour);
    expect(t!.circle.color).toBe(colour);
  });

  it('keeps the card colours apart: danger red, help orange, test gray, as hex MapLibre paints', () => {
    expect(ALERT_MODE_HEX).toEqual({ danger: '#e03131', help: '#e8590c', test: '#495057' });
  });

  it.each<[string, string, number]>([
    ['an indoor gateway', 'b0a710000001', 16],
    ['a garage gateway', 'b0a710000002', 32],
    ['a bridge (GWL0)', 'b0a710000003', 0],
  ])('takes the radius of %s from its coverage radius (%i m, SPEC §9)', (_, gateway, metres) => {
    const [t] = floorAlertTrackers([alertFixture({ id: 'a1', gateway })], GATEWAYS);
    expect(t!.tracker.radius).toBe(metres);
    expect(t!.circle.radius).toBe(metres);
  });

  it('is a SPEC §3 tracker of type alert at its gateway, named by the person, with mode and place as details', () => {
    const [t] = floorAlertTrackers([alertFixture({ id: 'a1', gateway: 'b0a710000002' })], GATEWAYS);
    expect(t!.tracker).toEqual({
      id: 'a1',
      latlng: { lat: 40.74215, lng: -73.97385 },
      type: 'alert',
      radius: 32,
      color: ALERT_MODE_HEX.help,
      name: 'Jane Doe',
      details: 'Help · Main site › Building A › Ward 3',
    });
    expect(t!.circle).toMatchObject({ id: 'a1', latlng: { lat: 40.74215, lng: -73.97385 }, outlined: false });
  });

  it.each<[string, Partial<Alert>, string]>([
    ['the tag owner', {}, 'Jane Doe'],
    [
      'the remote person',
      { tag: { id: 't1', label: 'L', owner: null }, remote: { person: { name: 'Rémi' } } },
      'Rémi',
    ],
    ['the tag label', { tag: { id: 't1', label: 'Cart 4', owner: null } }, 'Cart 4'],
    ['the tag id', { tag: { id: 't1', label: null, owner: null } }, 'Tag t1'],
  ])('is named by %s', (_, fields, name) => {
    const [t] = floorAlertTrackers(
      [alertFixture({ id: 'a1', gateway: 'b0a710000001', ...fields })],
      GATEWAYS,
    );
    expect(t!.tracker.name).toBe(name);
  });

  it('outlines an acknowledged alert and fills one nobody has acknowledged', () => {
    const trackers = floorAlertTrackers(
      [
        alertFixture({ id: 'ack', gateway: 'b0a710000001', acknowledged: true }),
        alertFixture({ id: 'new', gateway: 'b0a710000001' }),
      ],
      GATEWAYS,
    );
    expect(Object.fromEntries(trackers.map((t) => [t.alert.id, t.circle.outlined]))).toEqual({
      ack: true,
      new: false,
    });
  });

  it('lists the newest first, several alerts at one gateway each a tracker', () => {
    const trackers = floorAlertTrackers(
      [
        alertFixture({ id: 'old', gateway: 'b0a710000001', createdAt: at(10) }),
        alertFixture({ id: 'newest', gateway: 'b0a710000001', createdAt: at(1) }),
        alertFixture({ id: 'mid', gateway: 'b0a710000002', createdAt: at(5) }),
      ],
      GATEWAYS,
    );
    expect(trackers.map((t) => t.alert.id)).toEqual(['newest', 'mid', 'old']);
  });
});

describe('autoPanTarget: does a new alert pan the open map (issue 15, SPEC §6 noAutoPan)', () => {
  const trackers = floorAlertTrackers(
    [
      alertFixture({ id: 'a1', gateway: 'b0a710000001', createdAt: at(10) }),
      alertFixture({ id: 'a2', gateway: 'b0a710000002', createdAt: at(2) }),
      alertFixture({ id: 'a3', gateway: 'b0a710000003', createdAt: at(5) }),
    ],
    GATEWAYS,
  );
  const id = (t: AlertTracker | null) => t?.alert.id ?? null;

  it.each<[string, ReadonlySet<string> | null, boolean, string | null]>([
    ['the first look (what is open when the map opens is not new)', null, false, null],
    ['nothing new', new Set(['a1', 'a2', 'a3']), false, null],
    ['one new alert', new Set(['a1', 'a2']), false, 'a3'],
    ['several new: the newest', new Set(['a1']), false, 'a2'],
    ['a new alert with noAutoPan on', new Set(['a1']), true, null],
    ['a new alert among unknown ids', new Set(['zz']), false, 'a2'],
  ])('%s → %s', (_, seen, noAutoPan, expected) => {
    expect(id(autoPanTarget(seen, trackers, noAutoPan))).toBe(expected);
  });

  it('pans nowhere when the floor has no alert', () => {
    expect(autoPanTarget(new Set(), [], false)).toBeNull();
  });
});
