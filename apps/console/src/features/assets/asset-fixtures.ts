import type { AssetDetail, AssetZone } from '@vigil/domain';

// Issue 20: assets as the server answers them, for the asset screens' tests.

export const FLOOR_2 = 'f2000000-0000-4000-8000-000000000002';
export const ROOM_201 = 'a2010000-0000-4000-8000-000000000201';

export function assetFixture(asset: Partial<AssetDetail> & Pick<AssetDetail, 'id' | 'name'>): AssetDetail {
  return {
    tagId: 'c0ffee100003',
    status: '',
    notes: '',
    zoneId: 'b3000000-0000-4000-8000-000000000003',
    zonePath: 'Main Campus › North Tower › Floor 2 › Ward 3',
    lastSeen: {
      at: '2026-06-01T10:00:00.000Z',
      zoneId: ROOM_201,
      path: 'Main Campus › North Tower › Floor 2 › Ward 3 › Room 201',
      floor: 'Floor 2',
      floorId: FLOOR_2,
    },
    tracker: null,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    ...asset,
  };
}

export const PUMP = assetFixture({
  id: '10000000-0000-4000-8000-000000000001',
  name: 'Infusion pump IP-07',
  status: 'in use',
  notes: 'With the patient in Room 201',
});
export const MONITOR = assetFixture({
  id: '10000000-0000-4000-8000-000000000002',
  name: 'Portable monitor PM-3',
  tagId: 'c0ffee100004',
  lastSeen: null,
});

export const ZONES: AssetZone[] = [
  { id: FLOOR_2, name: 'Floor 2', level: 'floor', path: 'Main Campus › North Tower › Floor 2', count: 1 },
  {
    id: ROOM_201,
    name: 'Room 201',
    level: 'area',
    path: 'Main Campus › North Tower › Floor 2 › Ward 3 › Room 201',
    count: 1,
  },
];
