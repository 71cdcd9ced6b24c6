import type { Zone } from '@vigil/domain';
import type { FloorDirectory } from '../../api/floorplans';
import type { FloorPlan } from '../../ui/map/floor-plan';

/** SPEC §2.7's edit modes of the floor-plan map; 'view' is the map as everyone sees it. */
export type FloorMode = 'view' | 'plan' | 'markers' | 'cameras' | 'units';

/**
 * What every editor of the floor-plan map is given. An editor is a child of FloorMap: it draws its
 * own layers through useMapInstance, its form in a MapPanel, and calls `onExit` when the user is done
 * (after its own 'Save changes?' confirmation, SPEC §4).
 */
export type FloorEditorProps = {
  floor: Zone;
  directory: FloorDirectory;
  /** The floor's current plan, null when it has none yet. */
  plan: FloorPlan | null;
  onExit: () => void;
};
