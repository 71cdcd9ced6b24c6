import { describe, expect, it } from 'vitest';
import type { FloorDirectory } from '../../api/floorplans';
import { zoneFixture } from '../../test/zone-fixtures';
import { firstFloorId, floorGroups, floorPath } from './floor-options';

const floor = (id: string, name: string, parent: string, number?: number) =>
  zoneFixture({ id, name, level: 'floor', parent, config: number === undefined ? {} : { number } });

const directory: FloorDirectory = {
  sites: [zoneFixture({ id: 'site', name: 'Main Campus', level: 'site', parent: 'org' })],
  buildings: [
    zoneFixture({ id: 'north', name: 'North Tower', level: 'building', parent: 'site' }),
    zoneFixture({ id: 'annex', name: 'Annex', level: 'building', parent: 'site' }),
  ],
  floors: [
    floor('n10', 'Floor 10', 'north', 10),
    floor('n2', 'Floor 2', 'north', 2),
    floor('nb', 'Basement', 'north', -1),
    floor('roof', 'Roof', 'north'),
    floor('a1', 'Ground', 'annex', 0),
  ],
};

describe('the floor selector (SPEC §2.7)', () => {
  it('groups floors by site and building, groups by name, floors by number then name', () => {
    expect(floorGroups(directory)).toEqual([
      { group: 'Main Campus › Annex', items: [{ value: 'a1', label: 'Ground' }] },
      {
        group: 'Main Campus › North Tower',
        items: [
          { value: 'nb', label: 'Basement' },
          { value: 'n2', label: 'Floor 2' },
          { value: 'n10', label: 'Floor 10' },
          { value: 'roof', label: 'Roof' },
        ],
      },
    ]);
    expect(firstFloorId(floorGroups(directory))).toBe('a1');
    expect(firstFloorId([])).toBeNull();
  });

  it('names what the caller can see of where a floor is', () => {
    expect(floorPath(directory, directory.floors[1]!)).toBe('Main Campus › North Tower › Floor 2');
    // A caller placed inside a building sees neither the building nor the site in its scope.
    const narrow: FloorDirectory = { sites: [], buildings: [], floors: [floor('x', 'Floor 3', 'hidden')] };
    expect(floorPath(narrow, narrow.floors[0]!)).toBe('Floor 3');
    expect(floorGroups(narrow)).toEqual([{ group: 'Floors', items: [{ value: 'x', label: 'Floor 3' }] }]);
  });
});
