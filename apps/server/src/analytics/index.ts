// The analytics area's face to other areas and the seed: bulk loads of alert history keep the
// rollups through these; tests move the answer cache's clock.
export { analyticsCache, MidnightCache } from './answer-cache';
export { timeZoneOf } from './analytics-query';
export { rebuildRollups, rollupMismatches, rollupRowCount, withRollupsRebuilt } from './rollup-maintenance';
