import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  subscriptionListSchema,
  subscriptionSchema,
  subscriptionTestAnswerSchema,
  userListSchema,
  type Subscription,
  type SubscriptionCreateBody,
  type User,
} from '@vigil/domain';
import type { z } from 'zod';
import { api, type ListPage } from './client';
import { areaList, listKeys, type ListPageState } from './lists';
import { notificationKeys } from './notifications';
import { userKeys } from './users';

// Issue 16, SPEC §2.4 /subscriptions: who is told of which alerts, and how; answers validated with
// the domain's schemas.

/** The users offered as recipients in one answer: enough to pick from, a search narrows the rest. */
export const RECIPIENT_USERS_LIMIT = 50;

const oneSubscription: z.ZodType<Subscription> = subscriptionSchema;
const subscriptionPage: z.ZodType<ListPage<Subscription>> = subscriptionListSchema;
const userPage: z.ZodType<ListPage<User>> = userListSchema;

export const subscriptionKeys = {
  all: ['subscriptions'] as const,
  lists: () => [...subscriptionKeys.all, 'list'] as const,
  /** One page of the subscriptions list, as DataTable keys it. */
  list: (page: ListPageState) => listKeys.page(SUBSCRIPTIONS_API, page),
  /** Whether the caller has any subscription at all (the screen's empty state), or any of its own. */
  any: (mine = false) => [...subscriptionKeys.lists(), 'any', { mine }] as const,
};

/**
 * The list's filter for the caller's own subscriptions (`mine=true`): the server narrows a user
 * reaching only its own anyway, but asking says what the screen shows.
 */
export const MINE_PARAMS = { mine: true } as const;

/** GET /api/subscriptions (the list contract, filtered to the caller's scope). */
export const SUBSCRIPTIONS_API = areaList(subscriptionKeys.lists(), 'subscriptions');

const path = (id: string) => `subscriptions/${encodeURIComponent(id)}`;

export const subscriptionQueries = {
  /** One row is enough to know whether the list is empty before any search or paging. */
  any: (mine = false) =>
    queryOptions({
      queryKey: subscriptionKeys.any(mine),
      queryFn: ({ signal }) =>
        api.get('subscriptions', {
          query: { limit: 1, ...(mine ? MINE_PARAMS : {}) },
          signal,
          schema: subscriptionPage,
        }),
    }),
  /**
   * GET users?query=: the users a subscription may name, by name; cached under the users' keys so
   * an edited user shows here too.
   */
  recipientUsers: (search: string) =>
    queryOptions({
      queryKey: [...userKeys.lists(), 'recipients', search] as const,
      queryFn: ({ signal }) =>
        api.get('users', {
          query: { query: search || undefined, orderBy: 'name', limit: RECIPIENT_USERS_LIMIT },
          signal,
          schema: userPage,
        }),
      placeholderData: keepPreviousData,
    }),
};

/** Whether there is any subscription (`mine`: any of the caller's own). */
export function useAnySubscription(mine = false) {
  return useQuery(subscriptionQueries.any(mine));
}

export function useRecipientUsers(search: string, enabled: boolean) {
  return useQuery({ ...subscriptionQueries.recipientUsers(search), enabled });
}

function useSubscriptionMutation<V, R>(mutationFn: (vars: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    // A change shows in the list; a test or a pause changes what the delivery log will show.
    onSettled: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: subscriptionKeys.all }),
        queryClient.invalidateQueries({ queryKey: notificationKeys.all }),
      ]);
    },
  });
}

/** POST subscriptions: the body as the edit modal built it (the server validates it again). */
export function useCreateSubscription() {
  return useSubscriptionMutation((body: SubscriptionCreateBody) =>
    api.post('subscriptions', { body, schema: oneSubscription }),
  );
}

/** PUT subscriptions/{id}: the whole subscription again. */
export function useUpdateSubscription() {
  return useSubscriptionMutation(({ id, body }: { id: string; body: SubscriptionCreateBody }) =>
    api.put(path(id), { body, schema: oneSubscription }),
  );
}

/** PUT subscriptions/{id}/paused {paused}: pause or resume (the list is fetched again after). */
export function usePauseSubscription() {
  return useSubscriptionMutation(({ id, paused }: { id: string; paused: boolean }) =>
    api.put<unknown>(`${path(id)}/paused`, { body: { paused } }),
  );
}

/** POST subscriptions/{id}/test: queues a test message to the recipient now. */
export function useTestSubscription() {
  return useSubscriptionMutation((id: string) =>
    api.post(`${path(id)}/test`, { schema: subscriptionTestAnswerSchema }),
  );
}

export function useDeleteSubscription() {
  return useSubscriptionMutation((id: string) => api.delete(path(id)));
}
