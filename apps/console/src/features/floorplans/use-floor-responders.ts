import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { responderQueries, useMaySeeResponders } from '../../api/responders';
import { responderTrackers, type ResponderTracker } from '../../ui/map/responder-tracker';

const NONE: readonly ResponderTracker[] = [];

/**
 * Issue 20: the responders last heard on this floor as SPEC §3 trackers of type responder, for a
 * user who may see responders (read Tag responders and the responderTools flag); asked again every
 * few seconds (api/responders.ts), so a responder walking between gateways moves on the map.
 */
export function useFloorResponders(floorId: string): readonly ResponderTracker[] {
  const maySee = useMaySeeResponders();
  const responders = useQuery(responderQueries.list(maySee));
  return useMemo(
    () => (maySee ? responderTrackers(responders.data?.data, floorId, 'responder') : NONE),
    [maySee, responders.data, floorId],
  );
}
