import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import {
  nearRespondersSchema,
  responderListSchema,
  type NearResponders,
  type ResponderList,
} from '@vigil/domain';
import { ROUTE_BY_ID, routeAllowed } from '@vigil/domain/routes';
import { useSignedIn } from '../session/session';
import { api } from './client';

// Issue 20 "Responders": who they are and where they were last heard (GET responders), and who is
// nearest an open alert (GET alerts/{id}/responders). Both are asked again every few seconds, so a
// responder walking between gateways moves on the screens that show them.

/** How often the responders' places are asked again (sightings move them within seconds). */
export const RESPONDERS_REFRESH_MS = 5_000;

const list: z.ZodType<ResponderList> = responderListSchema;
const near: z.ZodType<NearResponders> = nearRespondersSchema;

export const responderKeys = {
  all: ['responders'] as const,
  list: () => [...responderKeys.all, 'list'] as const,
  nearest: (alertId: string) => [...responderKeys.all, 'nearest', alertId] as const,
};

export const responderQueries = {
  list: (enabled = true) =>
    queryOptions({
      queryKey: responderKeys.list(),
      queryFn: ({ signal }) => api.get('responders', { signal, schema: list }),
      refetchInterval: RESPONDERS_REFRESH_MS,
      enabled,
    }),
  /** The three nearest an alert (the server's default). */
  nearest: (alertId: string, enabled = true) =>
    queryOptions({
      queryKey: responderKeys.nearest(alertId),
      queryFn: ({ signal }) =>
        api.get(`alerts/${encodeURIComponent(alertId)}/responders`, { signal, schema: near }),
      refetchInterval: RESPONDERS_REFRESH_MS,
      enabled,
    }),
};

/**
 * Whether the signed-in user may see responders: what the /responders route needs (SPEC §2.1: read
 * Tag responders and the responderTools flag), from the domain's route table.
 */
export function useMaySeeResponders(): boolean {
  const { ability, me } = useSignedIn();
  return routeAllowed(ROUTE_BY_ID.responders, {
    can: ([action, subject, field]) => ability.can(action, subject, field),
    flags: me.zone.config.featureFlags,
    registered: () => true,
  });
}
