import type { AppRoute } from './route-types';

// SPEC §2.1's kiosk rows: the distribution stations, the factory and the warehouse (SPEC §2.2:
// a kiosk role opens only the routes naming it). route-table.ts places them in the one table.

const DISTRIBUTION = ['distribution'] as const;
const WAREHOUSE = ['warehouse', 'warehouseTempo'] as const;
export const KIOSK = { auth: 'user', layout: 'kiosk' } as const;
const STATION = { auth: 'key', layout: 'kiosk', roles: DISTRIBUTION } as const;

export const KIOSK_ROUTES = [
  {
    id: 'distribution',
    title: 'Distribution Stations',
    path: '/distribution',
    ...STATION,
    permission: ['read', 'DistributionStation'],
  },
  {
    id: 'distributionStation',
    title: 'Distribution',
    path: '/distribution/:station',
    ...STATION,
    permission: ['read', 'DistributionStation'],
    redirectTo: '/distribution/:station/home',
  },
  {
    id: 'distributionHome',
    title: 'Distribution',
    path: '/distribution/:station/home',
    ...STATION,
    permission: ['read', 'DistributionStation'],
  },
  {
    id: 'distributionTap',
    title: 'Tap a Tag',
    path: '/distribution/:station/tap',
    ...STATION,
    permission: ['update', 'Tag'],
  },
  {
    id: 'distributionScan',
    title: 'Scan a Tag',
    path: '/distribution/:station/scan',
    ...STATION,
    permission: ['update', 'Tag'],
  },
  {
    id: 'distributionStatus',
    title: 'Tag Status',
    path: '/distribution/:station/status',
    ...STATION,
    permission: ['read', 'Tag'],
  },
  {
    id: 'distributionActivate',
    title: 'Activate a Tag',
    path: '/distribution/:station/activate',
    ...STATION,
    permission: ['update', 'Tag'],
  },
  {
    id: 'distributionCurrentTags',
    title: 'Current Tags',
    path: '/distribution/:station/current-tags',
    ...STATION,
    layout: 'empty',
    permission: ['list', 'Tag'],
  },
  {
    id: 'distributionSuccess',
    title: 'Done',
    path: '/distribution/:station/success',
    ...STATION,
    permission: ['read', 'DistributionStation'],
  },
  {
    id: 'factoryHome',
    title: 'Factory',
    path: '/factory/home',
    ...KIOSK,
    permission: ['update', 'Inventory'],
    roles: ['factory'],
  },
  {
    id: 'warehouseHome',
    title: 'Warehouse',
    path: '/warehouse/home',
    ...KIOSK,
    permission: ['read', 'Inventory'],
    roles: WAREHOUSE,
  },
  {
    id: 'warehouseReturns',
    title: 'Returns',
    path: '/warehouse/returns',
    ...KIOSK,
    permission: ['update', 'Inventory'],
    roles: WAREHOUSE,
  },
  {
    id: 'warehouseReceive',
    title: 'Receive',
    path: '/warehouse/logistics/receive',
    ...KIOSK,
    permission: ['update', 'Inventory'],
    roles: WAREHOUSE,
  },
  {
    id: 'warehouseShip',
    title: 'Ship',
    path: '/warehouse/logistics/ship/:order?',
    ...KIOSK,
    anyOf: [
      [
        ['update', 'Inventory'],
        ['read', 'Order'],
      ],
    ],
    roles: WAREHOUSE,
  },
  {
    id: 'warehouseOrders',
    title: 'Warehouse Orders',
    path: '/warehouse/orders',
    ...KIOSK,
    permission: ['list', 'Order'],
    roles: WAREHOUSE,
  },
  {
    id: 'warehouseQc',
    title: 'Quality Control',
    path: '/warehouse/logistics/qc/:order?',
    ...KIOSK,
    anyOf: [
      [
        ['update', 'Inventory'],
        ['read', 'Order'],
      ],
    ],
    roles: WAREHOUSE,
  },
  {
    id: 'warehouseRepackaging',
    title: 'Repackaging',
    path: '/warehouse/repackaging',
    ...KIOSK,
    permission: ['update', 'Inventory'],
    roles: WAREHOUSE,
  },
  {
    id: 'warehouseInventory',
    title: 'Inventory',
    path: '/warehouse/inventory',
    ...KIOSK,
    permission: ['list', 'Inventory'],
    roles: WAREHOUSE,
  },
] as const satisfies readonly AppRoute[];
