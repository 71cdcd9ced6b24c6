import { describe, expect, it } from 'vitest';
import { QueryClient, type QueryKey } from '@tanstack/react-query';
import { alertKeys } from './alerts';
import { authKeys } from './auth';
import { CONSOLES_API, consoleKeys } from './consoles';
import { GATEWAYS_API, gatewayKeys } from './gateways';
import { KEYS_API, apiKeyKeys } from './keys';
import { listKey, listQueries, type ListApi, type ListPageState } from './lists';
import { AUDIT_LOG_API, BATCH_LOG_API, SYNC_LOG_API, logKeys } from './logs';
import { PEOPLE_API, peopleKeys } from './people';
import { publicDeviceKeys } from './public-devices';
import { ROLES_API, roleKeys } from './roles';
import { STATIONS_API, stationKeys } from './stations';
import { TAGS_API, tagKeys } from './tags';
import { USERS_API, userKeys } from './users';
import { zoneKeys } from './zones';

const page: ListPageState = { params: { sku: 'all' }, page: 2, pageSize: 25, sort: null, search: 'ann' };

/** The key DataTable caches a page of this list under. */
const tablePage = (list: ListApi | string, state = page) => listQueries.page(list, state).queryKey;

/** Which of `keys` an invalidation of `filter` marks stale, in a cache holding all of them. */
function invalidated(filter: QueryKey, keys: QueryKey[]): QueryKey[] {
  const queryClient = new QueryClient();
  for (const key of keys) queryClient.setQueryData(key, 'cached');
  void queryClient.invalidateQueries({ queryKey: filter, refetchType: 'none' });
  return keys.filter((key) => queryClient.getQueryState(key)?.isInvalidated);
}

/** Every key an area's screens cache, by area; each area's `all` must reach all of them. */
const areas: [string, QueryKey, QueryKey[]][] = [
  ['tags', tagKeys.all, [tablePage(TAGS_API), tagKeys.list(page), tagKeys.detail('t1')]],
  [
    'gateways',
    gatewayKeys.all,
    [tablePage(GATEWAYS_API), gatewayKeys.list(page), gatewayKeys.detail('g1'), gatewayKeys.metrics('g1')],
  ],
  ['users', userKeys.all, [tablePage(USERS_API), userKeys.list(page)]],
  ['keys', apiKeyKeys.all, [tablePage(KEYS_API), apiKeyKeys.list(page)]],
  ['people', peopleKeys.all, [tablePage(PEOPLE_API), peopleKeys.list(page)]],
  ['stations', stationKeys.all, [tablePage(STATIONS_API), stationKeys.list(page)]],
  ['roles', roleKeys.all, [tablePage(ROLES_API), roleKeys.list(page), roleKeys.visible()]],
  [
    'consoles',
    consoleKeys.all,
    [
      tablePage(CONSOLES_API),
      consoleKeys.list(page),
      consoleKeys.detail('c1'),
      consoleKeys.snapshots('c1', { from: 'a', to: 'b' }),
      consoleKeys.snapshot('c1', 's1'),
    ],
  ],
  [
    'logs',
    logKeys.all,
    [
      tablePage(AUDIT_LOG_API),
      tablePage(BATCH_LOG_API),
      tablePage(SYNC_LOG_API),
      logKeys.list('audit', page),
    ],
  ],
  [
    'zones',
    zoneKeys.all,
    [zoneKeys.detail('z1', { context: true }), zoneKeys.children('z1'), zoneKeys.organisation()],
  ],
  ['alerts', alertKeys.all, [alertKeys.open(), alertKeys.detail('a1'), alertKeys.streams('a1')]],
  ['auth', authKeys.all, [authKeys.config('acme'), authKeys.config(undefined)]],
  ['public devices', publicDeviceKeys.all, [publicDeviceKeys.detail('d1')]],
];
const everyKey = areas.flatMap(([, , keys]) => keys);

describe('query keys: one hierarchy per area', () => {
  it.each(areas)(
    "invalidating the %s' root refreshes every query of the area and no other",
    (_, all, keys) => {
      expect(invalidated(all, everyKey)).toEqual(keys);
    },
  );

  it('keys a page of an area list the way DataTable does', () => {
    expect(tagKeys.list(page)).toEqual(tablePage(TAGS_API));
    expect(logKeys.list('sync', page)).toEqual(tablePage(SYNC_LOG_API));
  });

  it.each([
    ['tags', tagKeys.lists(), TAGS_API],
    ['gateways', gatewayKeys.lists(), GATEWAYS_API],
    ['roles', roleKeys.lists(), ROLES_API],
    ['consoles', consoleKeys.lists(), CONSOLES_API],
  ])("invalidating the %s' lists refreshes every page of them, not the details", (_, lists, list) => {
    const other = { ...page, params: { sku: 'gw-mini' }, page: 1 };
    const details = [
      tagKeys.detail('t1'),
      gatewayKeys.detail('g1'),
      roleKeys.visible(),
      consoleKeys.detail('c1'),
    ];
    expect(invalidated(lists, [tablePage(list), tablePage(list, other), ...details])).toEqual([
      tablePage(list),
      tablePage(list, other),
    ]);
  });

  it("refreshes a gateway's metrics with its detail, and no other gateway", () => {
    const keys = [gatewayKeys.detail('g1'), gatewayKeys.metrics('g1'), gatewayKeys.detail('g2')];
    expect(invalidated(gatewayKeys.detail('g1'), keys)).toEqual(keys.slice(0, 2));
  });

  it("keys a list given by its bare path under ['list', path]", () => {
    expect(invalidated(listKey('log/alerts'), [tablePage('log/alerts'), ...everyKey])).toEqual([
      tablePage('log/alerts'),
    ]);
  });
});
