import { useState } from 'react';
import type { LngLat, MapTracker } from '@vigil/domain';
import { autoPanTarget, type AlertTracker } from './alert-trackers';

/** Where FloorMap pans: a new key pans again. */
export type PanTarget = { key: string; lngLat: LngLat };

type PanState = {
  /** The trackers last looked at, so each new list is looked at once. */
  trackers: readonly AlertTracker[] | null;
  /** Every alert already on this map (null until the first look). */
  seen: ReadonlySet<string> | null;
  panTo: PanTarget | null;
};

const lngLatOf = ({ tracker }: AlertTracker): LngLat => [tracker.latlng.lng, tracker.latlng.lat];

/**
 * Issue 15: a new alert on this floor pans the open map to its tracker (unless the zone's noAutoPan
 * flag is on), and an alert chosen in the list pans there too. `ready` is false until the floor's
 * gateways and the open alerts have both answered: what is there then is not new.
 */
export function useAlertPan(trackers: readonly AlertTracker[], ready: boolean, noAutoPan: boolean) {
  const [state, setState] = useState<PanState>({ trackers: null, seen: null, panTo: null });
  // React's "adjust state while rendering" (not an effect): the pan is decided with the trackers
  // that bring the new alert, so the map moves in the same commit that draws it.
  if (ready && state.trackers !== trackers) {
    const target = autoPanTarget(state.seen, trackers, noAutoPan);
    setState({
      trackers,
      seen: new Set([...(state.seen ?? []), ...trackers.map((t) => t.alert.id)]),
      panTo: target ? { key: `new:${target.alert.id}`, lngLat: lngLatOf(target) } : state.panTo,
    });
  }
  /** Pans to a tracker chosen by the user (an alert's, a responder's), even one already panned to before. */
  function panToTracker(tracker: Pick<MapTracker, 'id' | 'latlng'>) {
    setState((s) => ({
      ...s,
      panTo: { key: `pick:${tracker.id}:${Date.now()}`, lngLat: [tracker.latlng.lng, tracker.latlng.lat] },
    }));
  }
  return { panTo: state.panTo, panToTracker };
}
