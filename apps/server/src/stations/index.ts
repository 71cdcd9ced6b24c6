// The distribution stations area's face to other areas.
export { getStation } from './stations';
export { noteStationInventory } from './inventory';
