import { DEFAULT_THEME } from '@mantine/core';
import type { MapTracker, Responder } from '@vigil/domain';
import type { MapTrackerCircle } from './map-style';

// SPEC §3 Map tracker types responder and alert-responder (issue 20): a responder drawn where they
// were last heard, at the gateway that heard them best, as wide as its coverage (they are somewhere
// in it). The floor plans screen draws the floor's responders; an alert's floor panel its nearest.

export type ResponderTrackerType = Extract<MapTracker['type'], 'responder' | 'alert-responder'>;

/** Mantine's blue.8 and green.8 as hex (MapLibre paints colours, not CSS variables): apart from the alerts' red and orange. */
export const RESPONDER_HEX: Record<ResponderTrackerType, string> = {
  responder: DEFAULT_THEME.colors.blue[8],
  'alert-responder': DEFAULT_THEME.colors.green[8],
};

/** One responder on the floor: the responder, its SPEC §3 tracker, and the circle the map draws. */
export type ResponderTracker<R extends Responder = Responder> = {
  responder: R;
  tracker: MapTracker;
  circle: MapTrackerCircle;
};

/**
 * The responders last heard on `floorId` as trackers of `type`, in the order given; those heard
 * elsewhere, never heard, or at a gateway not placed on a floor are not drawn.
 */
export function responderTrackers<R extends Responder>(
  responders: readonly R[] | undefined,
  floorId: string,
  type: ResponderTrackerType,
): ResponderTracker<R>[] {
  return (responders ?? []).flatMap((responder) => {
    const { position } = responder;
    if (!position || position.floorId !== floorId) return [];
    const tracker: MapTracker = {
      // Apart from an alert's tracker id (a uuid), which may be on the same map.
      id: `${type}:${responder.id}`,
      latlng: { lat: position.lat, lng: position.lng },
      type,
      radius: position.radius,
      color: RESPONDER_HEX[type],
      name: responder.name,
      details: responder.location?.path ?? null,
    };
    const circle: MapTrackerCircle = {
      id: tracker.id,
      latlng: tracker.latlng,
      radius: tracker.radius,
      color: tracker.color,
      name: tracker.name,
      type,
    };
    return [{ responder, tracker, circle }];
  });
}
