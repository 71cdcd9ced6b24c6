import { and, eq, sql } from 'drizzle-orm';
import {
  CAMERA_ID_REQUIRED,
  MARKER_AREA_REQUIRED,
  cameraError,
  markerLabelOptions,
  mayEditCameras,
  type Coordinates,
  type MarkerCamera,
} from '@vigil/domain';
import type { Db } from '../platform/db/client';
import { zones } from '../db/schema';
import { badRequest, forbidden } from '../platform/errors';
import type { Caller, ZoneRow } from '../platform/caller';
import { UUID_RE } from '../platform/db/checks';
import { findZone } from '../zones';

// The checks marker writes share (SPEC §5, §6, §9): where a marker may be, its labels, its camera.

/** The zone levels a marker may be placed at: on a floor's plan, in a unit or area of it. */
const MARKER_LEVELS: readonly string[] = ['floor', 'unit', 'area'];

/** Where a marker is: its zone and the floor that zone is (on), whose category picks the labels. */
export type MarkerPlace = { zone: ZoneRow; floor: ZoneRow | undefined };

/**
 * The zone a marker is placed at: a floor, unit or area in the caller's scope. Anything else (none,
 * not a uuid, unknown, another organisation's, a building) is SPEC §5's 'Must specify area'.
 */
export async function markerPlace(db: Db, caller: Caller, location: unknown): Promise<MarkerPlace> {
  const found = typeof location === 'string' && UUID_RE.test(location);
  const zone = found ? await findZone(db, caller.scope, location) : undefined;
  if (!zone || !MARKER_LEVELS.includes(zone.row.level)) throw badRequest(MARKER_AREA_REQUIRED, 'location');
  return { zone: zone.row, floor: await floorOf(db, zone.row) };
}

/** The place of a marker already stored (its zone is in scope, or the marker would not be found). */
export async function storedPlace(db: Db, zoneId: string): Promise<MarkerPlace> {
  const [zone] = await db.select().from(zones).where(eq(zones.id, zoneId)).limit(1);
  return { zone: zone!, floor: await floorOf(db, zone!) };
}

async function floorOf(db: Db, zone: ZoneRow): Promise<ZoneRow | undefined> {
  if (zone.level === 'floor') return zone;
  const [floor] = await db
    .select()
    .from(zones)
    .where(and(eq(zones.level, 'floor'), sql`${zones.id} = any(${`{${zone.path.join(',')}}`}::uuid[])`))
    .limit(1);
  return floor;
}

/**
 * SPEC §9 Marker labels: the indoor list, and on an outdoor floor (config.category 'outdoor') the
 * outdoor list too. SPEC shows no other list, so any other label is refused rather than stored where
 * no screen offers it.
 */
export function checkLabels(labels: readonly string[], place: MarkerPlace): string[] {
  const outdoor = place.floor?.config.category === 'outdoor';
  const options = markerLabelOptions(outdoor);
  const unknown = labels.find((label) => !options.includes(label));
  if (unknown !== undefined) {
    throw badRequest(
      `"${unknown}" is not a marker label${outdoor ? '' : ' of an indoor floor'}; choose from: ${options.join(', ')}`,
      'labels',
    );
  }
  return [...new Set(labels)];
}

/** SPEC §5, §6: any write touching a camera needs update FloorPlan, the video flag and update Video. */
export function assertMayEditCameras(caller: Caller): void {
  if (!mayEditCameras(caller.ability, caller.flags)) {
    throw forbidden('Editing cameras needs the video feature and permission to update Video');
  }
}

/** SPEC §5 Camera edit: an edited camera has an id and a name ('Must specify id', 'Must specify name'). */
export function checkCameraEdit(camera: MarkerCamera): { id: string; name: string } {
  const reason = cameraError(camera);
  if (reason) throw badRequest(reason, reason === CAMERA_ID_REQUIRED ? 'camera.id' : 'camera.name');
  return { id: camera.id!.trim(), name: camera.name!.trim() };
}

/**
 * A marker's coordinates are a point on the plan, {lat, lng}. An altitude belongs to the gateway
 * (SPEC §5 altitude override, set on the gateway), so a marker refuses one rather than drop it.
 */
export function markerPoint(coordinates: Coordinates): { lat: number; lng: number } {
  if (coordinates.alt !== undefined && coordinates.alt !== null) {
    throw badRequest("A marker has no altitude; set a gateway's altitude on the gateway", 'coordinates.alt');
  }
  return { lat: coordinates.lat, lng: coordinates.lng };
}
