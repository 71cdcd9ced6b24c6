import { describe, expect, it } from 'vitest';
import { planGeometryFromCorners, type PlanCorners } from '@vigil/domain';
import { floorAreaFt2, floorReadout, markerCount } from './floor-readout';
import { rowsOf } from './test-rows';

// SPEC §2.7, §9: floor area in ft² (10.76391041671 per m²), marker density per 1,000 ft².
const LAT = 40.742;
const LNG = -73.974;
const M_PER_DEG_LAT = 111_034.6; // near 40.74°N (WGS84)
const M_PER_DEG_LNG = 84_360.9;

/** A plan placed by corners d metres east and n metres north of (LNG, LAT). */
function rectangle(eastM: number, northM: number): PlanCorners {
  const e = eastM / M_PER_DEG_LNG;
  const n = northM / M_PER_DEG_LAT;
  return [
    [LNG, LAT + n],
    [LNG + e, LAT + n],
    [LNG + e, LAT],
    [LNG, LAT],
  ];
}

describe('floor area and marker density', () => {
  it('a 100 m × 50 m plan is about 53,820 ft²', () => {
    const area = floorAreaFt2(planGeometryFromCorners(rectangle(100, 50)))!;
    expect(area / 5000 / 10.76391041671).toBeCloseTo(1, 2);
  });

  it.each([[null], [undefined], [{ type: 'Point', coordinates: [0, 0] }], ['nonsense']])(
    'no placed plan (%j) → not measured',
    (geometry) => {
      expect(floorAreaFt2(geometry)).toBeNull();
      expect(floorReadout(geometry, 3)).toEqual({
        area: 'Not measured: no plan placed',
        density: '—',
        measured: false,
      });
    },
  );

  it('density: markers per 1,000 ft², two decimals', () => {
    const geometry = planGeometryFromCorners(rectangle(100, 50));
    const readout = floorReadout(geometry, 27);
    const area = floorAreaFt2(geometry)!;
    expect(readout.measured).toBe(true);
    expect(readout.area).toBe(`${Math.round(area).toLocaleString('en-US')} ft²`);
    expect(readout.density).toBe(`${((27 / area) * 1000).toFixed(2)} per 1,000 ft²`);
    expect(floorReadout(geometry, 0).density).toBe('0.00 per 1,000 ft²');
  });

  it('counts every marker, and each placed gateway no marker holds, once', () => {
    const rows = rowsOf([{ id: 'b0a710000001' }, { id: 'b0a710000002' }]);
    expect(markerCount([], rows)).toBe(2);
    expect(markerCount([{ gateway: 'b0a710000001' }, { gateway: null }], rows)).toBe(3);
    expect(markerCount([{ gateway: 'b0a710000001' }, { gateway: 'b0a710000002' }], rows)).toBe(2);
  });
});
