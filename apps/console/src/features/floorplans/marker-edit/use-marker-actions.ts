import { FLOORPLAN_MESSAGES, type LngLat, type Marker, type MarkerUpdateBody } from '@vigil/domain';
import { useAssignGateway, useCreateMarker, useDeleteMarker, useUpdateMarker } from '../../../api/markers';
import { ApiError, reasonOf } from '../../../api/errors';
import { confirmAction } from '../../../ui/confirm';
import type { MarkerKind } from './marker-features';

// The editor's writes, each with SPEC §5's confirmation where one is asked for and SPEC §8's text
// when it fails (the server's reason, else the message). Each answers whether it was done, and
// reports a failure through `onError`; the editor shows it.

/** The outcome of an assignment: done, or the field the server's refusal belongs to and its reason. */
export type AssignOutcome = { ok: true } | { ok: false; field: 'area' | 'mac'; reason: string };

export function useMarkerActions(floorId: string, kind: MarkerKind, onError: (message: string) => void) {
  const create = useCreateMarker(floorId);
  const update = useUpdateMarker(floorId);
  const remove = useDeleteMarker(floorId);
  const assign = useAssignGateway(floorId);
  const couldNotEdit =
    kind === 'cameras' ? FLOORPLAN_MESSAGES.couldNotEditCamera : FLOORPLAN_MESSAGES.couldNotEditMarker;

  /** SPEC §7 POST markers at this point of the floor; a camera in the cameras mode. Answers the new marker. */
  async function add([lng, lat]: LngLat): Promise<Marker | null> {
    try {
      return await create.mutateAsync({
        location: floorId,
        coordinates: { lat, lng },
        ...(kind === 'cameras' ? { camera: {} } : {}),
      });
    } catch (error) {
      onError(FLOORPLAN_MESSAGES.couldNotAddMarker(reasonOf(error)));
      return null;
    }
  }

  /** PUT markers/{id}. */
  async function save(marker: Marker, body: MarkerUpdateBody): Promise<boolean> {
    try {
      await update.mutateAsync({ id: marker.id, body });
      return true;
    } catch (error) {
      onError(couldNotEdit(reasonOf(error)));
      return false;
    }
  }

  /**
   * SPEC §5: moving a marker that has a gateway moves the gateway, so it is confirmed first. False
   * when the user kept it where it was, or the move failed.
   */
  async function move(marker: Marker, [lng, lat]: LngLat): Promise<boolean> {
    if (marker.gateway) {
      const confirmed = await confirmAction({
        title: `Move gateway ${marker.gateway}?`,
        message: `${FLOORPLAN_MESSAGES.moveGateway} The gateway's coordinates change with its marker.`,
        confirmLabel: 'Move',
      });
      if (!confirmed) return false;
    }
    return save(marker, { coordinates: { lat, lng } });
  }

  /** DELETE markers/{id}, confirmed first (a camera with SPEC §5's own question). */
  async function removeMarker(marker: Marker): Promise<boolean> {
    const camera = kind === 'cameras';
    const confirmed = await confirmAction({
      title: camera ? 'Delete camera' : 'Remove marker',
      message: camera
        ? FLOORPLAN_MESSAGES.deleteCamera
        : marker.gateway
          ? `Remove this marker? Gateway ${marker.gateway} leaves the map with it (it keeps its area).`
          : 'Remove this marker from the floor?',
      confirmLabel: camera ? 'Delete' : 'Remove',
      danger: true,
    });
    if (!confirmed) return false;
    try {
      await remove.mutateAsync(marker.id);
      return true;
    } catch (error) {
      onError(FLOORPLAN_MESSAGES.couldNotRemoveMarker(reasonOf(error)));
      return false;
    }
  }

  /**
   * SPEC §5 Assigning a gateway in `area`. The server's refusals ('Must specify area', 'This gateway
   * is already assigned to another location') belong to a field and are answered, not shown as alerts.
   */
  async function assignGateway(marker: Marker, gateway: string, area: string): Promise<AssignOutcome> {
    try {
      await assign.mutateAsync({ marker, gateway, area });
      return { ok: true };
    } catch (error) {
      const field = error instanceof ApiError && error.field === 'location' ? 'area' : 'mac';
      return { ok: false, field, reason: reasonOf(error) };
    }
  }

  const busy = create.isPending || update.isPending || remove.isPending || assign.isPending;
  return { add, save, move, removeMarker, assignGateway, busy };
}
