import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import {
  alertModeLabel,
  PAGE_LIMIT,
  SUBSCRIPTION_MOMENT_LABELS,
  channelHealthSchema,
  deliveryListSchema,
  type ChannelHealth,
  type Delivery,
  type DeliveryState,
} from '@vigil/domain';
import type { z } from 'zod';
import { api, type ListPage } from './client';
import { areaList, listKeys, type ListPageState } from './lists';

// Issue 16: the delivery log (every notification sent, one row per delivery) and the health of the
// notification channels, both validated with the domain's schemas.

/** An alert's deliveries are asked for again this often while one of them is still pending. */
export const ALERT_DELIVERIES_POLL_MS = 5000;
/** The channels' health is asked for this often, so a failing pager channel shows within a minute. */
export const CHANNEL_HEALTH_POLL_MS = 30_000;

/** A delivery's state as a word, and its badge's colour (the log and the alert detail). */
export const DELIVERY_STATE_BADGES: Record<DeliveryState, { label: string; color: string }> = {
  pending: { label: 'Pending', color: 'yellow' },
  delivered: { label: 'Delivered', color: 'green' },
  failed: { label: 'Failed', color: 'red' },
  skipped: { label: 'Skipped', color: 'gray' },
};

/** What a delivery told: 'Alert created · Help', 'Test message'. */
export function deliveryWhat(delivery: Pick<Delivery, 'moment' | 'mode'>): string {
  if (delivery.moment === 'test') return 'Test message';
  const moment = SUBSCRIPTION_MOMENT_LABELS[delivery.moment];
  return delivery.mode ? `${moment} · ${alertModeLabel(delivery.mode)}` : moment;
}

const deliveryPage: z.ZodType<ListPage<Delivery>> = deliveryListSchema;
const health: z.ZodType<ChannelHealth> = channelHealthSchema;

export const notificationKeys = {
  all: ['notifications'] as const,
  lists: () => [...notificationKeys.all, 'list'] as const,
  /** One page of the delivery log, as DataTable keys it. */
  list: (page: ListPageState) => listKeys.page(DELIVERIES_API, page),
  /** The deliveries of one alert (its detail screen). */
  alert: (alertId: string) => [...notificationKeys.all, 'alert', alertId] as const,
  health: () => [...notificationKeys.all, 'health'] as const,
};

/** GET /api/notifications/deliveries (the list contract; `state` filters, list Subscription). */
export const DELIVERIES_API = areaList(notificationKeys.lists(), 'notifications/deliveries');

export const notificationQueries = {
  /**
   * GET notifications/deliveries?alertId= (read Alert): one alert's deliveries, newest first as the
   * server orders them; asked again every 5 s while one is pending, so a delivery's outcome shows.
   */
  alert: (alertId: string) =>
    queryOptions({
      queryKey: notificationKeys.alert(alertId),
      queryFn: ({ signal }) =>
        api.get('notifications/deliveries', {
          query: { alertId, limit: PAGE_LIMIT },
          signal,
          schema: deliveryPage,
        }),
      refetchInterval: (query) =>
        query.state.data?.data.some((d) => d.state === 'pending') ? ALERT_DELIVERIES_POLL_MS : false,
    }),
  /** GET notifications/health (list Subscription): each channel and since when it has been failing. */
  health: () =>
    queryOptions({
      queryKey: notificationKeys.health(),
      queryFn: ({ signal }) => api.get('notifications/health', { signal, schema: health }),
      refetchInterval: CHANNEL_HEALTH_POLL_MS,
    }),
};

export function useAlertDeliveries(alertId: string, enabled = true) {
  return useQuery({ ...notificationQueries.alert(alertId), enabled });
}

/** The channels' health, polled every 30 s while `enabled` (the caller may list Subscription). */
export function useChannelHealth(enabled: boolean) {
  return useQuery({ ...notificationQueries.health(), enabled });
}

/** POST alerts/{id}/links/revoke (update Alert): every alert link of the alert stops working, for good. */
export function useRevokeAlertLinks() {
  return useMutation({
    mutationFn: (alertId: string) =>
      api.post<{ revoked: number }>(`alerts/${encodeURIComponent(alertId)}/links/revoke`, { body: {} }),
  });
}
