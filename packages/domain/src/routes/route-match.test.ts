import { describe, expect, it } from 'vitest';
import { matchRoute, routePath } from './route-match';
import { ROUTE_BY_ID, type RouteId } from './route-table';

const HEX = '0123456789ab';

describe('matchRoute (SPEC §2.1 route table)', () => {
  it.each<[string, RouteId, Record<string, string>]>([
    ['/', 'root', {}],
    ['/login', 'login', {}],
    ['/alerts', 'alerts', {}],
    ['/alerts/console-1', 'alerts', { consoleId: 'console-1' }],
    ['/alert/42', 'alert', { id: '42' }],
    ['/health/disconnected-gateways', 'disconnectedGateways', {}],
    ['/home-visits', 'homeVisits', {}],
    ['/gateways', 'gateways', {}],
    ['/outdoor/nodes', 'outdoor', { type: 'nodes' }],
    ['/outdoor/bridges', 'outdoor', { type: 'bridges' }],
    ['/consoles', 'consoles', {}],
    ['/distribution-stations', 'distributionStations', {}],
    ['/tags', 'tags', {}],
    ['/people', 'people', {}],
    ['/floorplans', 'floorplans', {}],
    ['/floorplans/floor-2', 'floorplans', { floorId: 'floor-2' }],
    ['/log/alerts', 'logAlerts', {}],
    ['/log/sync', 'logSync', {}],
    ['/log/audit', 'logAudit', {}],
    ['/log/audit/req-9', 'logAudit', { requestId: 'req-9' }],
    ['/log/batch', 'logBatch', {}],
    ['/log/notifications', 'logNotifications', {}],
    ['/responders', 'responders', {}],
    ['/reports', 'reports', {}],
    ['/reports/tags-flagged/details', 'tagsFlaggedDetails', {}],
    ['/reports/tags-replacement', 'tagsReplacement', {}],
    ['/reports/tags-replacement/details', 'tagsReplacementDetails', {}],
    ['/reports/tags-not-seen', 'tagsNotSeen', {}],
    ['/reports/tags-not-seen/details', 'tagsNotSeenDetails', {}],
    ['/reports/alerts_by_unit', 'reportRoutine', { id: 'alerts_by_unit' }],
    ['/operations/gateways', 'gatewayScratchList', {}],
    ['/operations/tags', 'tagScratchList', {}],
    ['/operations/orders', 'orders', {}],
    ['/operations/orders/recipients', 'orderRecipients', {}],
    [`/tag/${HEX}`, 'tag', { id: HEX }],
    [`/gateway/${HEX}`, 'gateway', { id: HEX }],
    [`/v1/tag/${HEX}`, 'publicDeviceV1', { type: 'tag', id: HEX }],
    ['/device/replacement', 'deviceReplacement', {}],
    ['/subscriptions', 'subscriptions', {}],
    ['/zones', 'zones', {}],
    ['/users', 'users', {}],
    ['/roles', 'roles', {}],
    ['/keys', 'keys', {}],
    ['/link/a/tok3n', 'link', { token: 'tok3n' }],
    ['/error/403', 'error', { code: '403' }],
    ['/distribution', 'distribution', {}],
    ['/distribution/s1/home', 'distributionHome', { station: 's1' }],
    ['/distribution/s1/tap', 'distributionTap', { station: 's1' }],
    ['/distribution/s1/scan', 'distributionScan', { station: 's1' }],
    ['/distribution/s1/status', 'distributionStatus', { station: 's1' }],
    ['/distribution/s1/activate', 'distributionActivate', { station: 's1' }],
    ['/distribution/s1/current-tags', 'distributionCurrentTags', { station: 's1' }],
    ['/distribution/s1/success', 'distributionSuccess', { station: 's1' }],
    ['/factory/home', 'factoryHome', {}],
    ['/warehouse/home', 'warehouseHome', {}],
    ['/warehouse/returns', 'warehouseReturns', {}],
    ['/warehouse/logistics/receive', 'warehouseReceive', {}],
    ['/warehouse/logistics/ship', 'warehouseShip', {}],
    ['/warehouse/logistics/ship/o-7', 'warehouseShip', { order: 'o-7' }],
    ['/warehouse/orders', 'warehouseOrders', {}],
    ['/warehouse/logistics/qc/o-7', 'warehouseQc', { order: 'o-7' }],
    ['/warehouse/repackaging', 'warehouseRepackaging', {}],
    ['/warehouse/inventory', 'warehouseInventory', {}],
    [`/${HEX}`, 'publicDevice', { id: HEX }],
    ['/ABCDEF012345', 'publicDevice', { id: 'ABCDEF012345' }],
    ['/analytics/incidents', 'analyticsIncidents', {}],
    ['/analytics/response-times', 'analyticsResponseTimes', {}],
    ['/assets', 'assets', {}],
    ['/assets/a-1', 'asset', { id: 'a-1' }],
    ['/zones/', 'zones', {}],
  ])('%s → %s', (pathname, id, params) => {
    expect(matchRoute(pathname)).toEqual({ route: ROUTE_BY_ID[id], params });
  });

  it.each([
    '/0123456789abc',
    '/0123456789a',
    '/0123456789ag',
    `/tag/${HEX}0`,
    '/gateway/not-a-mac',
    '/v1/tag/123',
    '/outdoor/cameras',
    '/reports/tags-flagged',
    '/nowhere',
    '/alerts/a/b',
    '/error',
    '/alert/%E0%A4%A',
  ])('%s → no route (error page 404)', (pathname) => {
    expect(matchRoute(pathname)).toBeNull();
  });

  it('sends /distribution/{station} on to its home', () => {
    expect(matchRoute('/distribution/north%20desk')).toEqual({
      route: ROUTE_BY_ID.distributionStation,
      params: { station: 'north desk' },
      redirect: '/distribution/north%20desk/home',
    });
  });

  it.each<[RouteId, Record<string, string>, string]>([
    ['alerts', {}, '/alerts'],
    ['alerts', { consoleId: 'c 1' }, '/alerts/c%201'],
    ['outdoor', { type: 'nodes' }, '/outdoor/nodes'],
    ['root', {}, '/'],
  ])('routePath(%s, %j) → %s', (id, params, path) => {
    expect(routePath(id, params)).toBe(path);
  });
});
