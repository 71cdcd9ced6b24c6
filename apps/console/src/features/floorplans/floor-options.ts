import type { Zone } from '@vigil/domain';
import type { FloorDirectory } from '../../api/floorplans';

// SPEC §2.7 floor switcher: the floors of the caller's scope, grouped under the building (and site)
// they are in, so two "Floor 1"s of two towers can be told apart.

export type FloorOption = { value: string; label: string };
export type FloorGroup = { group: string; items: FloorOption[] };

const SEPARATOR = ' › ';

/** A floor's number (SPEC §3 config.number), for ordering; floors without one go last. */
function floorNumber(zone: Zone): number {
  const number = zone.config.number;
  return typeof number === 'number' ? number : Number.POSITIVE_INFINITY;
}

/** The names of the site and building a floor is in, as far as the caller's scope shows them. */
export function floorGroupName(directory: FloorDirectory, floor: Zone): string {
  const building = directory.buildings.find((b) => b.id === floor.parent);
  const site = building && directory.sites.find((s) => s.id === building.parent);
  return [site?.name, building?.name].filter(Boolean).join(SEPARATOR) || 'Floors';
}

/** Where a floor is, for the screen's subtitle: 'Main Campus › North Tower › Floor 1'. */
export function floorPath(directory: FloorDirectory, floor: Zone): string {
  const group = floorGroupName(directory, floor);
  return group === 'Floors' ? floor.name : `${group}${SEPARATOR}${floor.name}`;
}

/** The floors as the selector's groups: groups by name, floors by number (basement first), then name. */
export function floorGroups(directory: FloorDirectory): FloorGroup[] {
  const groups = new Map<string, Zone[]>();
  for (const floor of directory.floors) {
    const name = floorGroupName(directory, floor);
    groups.set(name, [...(groups.get(name) ?? []), floor]);
  }
  return [...groups.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([group, floors]) => ({
      group,
      items: floors
        .sort((a, b) => floorNumber(a) - floorNumber(b) || a.name.localeCompare(b.name))
        .map((floor) => ({ value: floor.id, label: floor.name })),
    }));
}

/** The floor opened when the route names none: the first of the selector. */
export function firstFloorId(groups: readonly FloorGroup[]): string | null {
  return groups[0]?.items[0]?.value ?? null;
}
