import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import { gatewayMetricsListSchema, type GatewayMetrics } from '@vigil/domain';
import { api } from './client';
import { floorplanKeys } from './floorplans';

// SPEC §7 GET metrics/gateways?zone= (the server's default window: the last 24 hours): each
// gateway's button, coverage and floor percentages, for the floor map's diagnostics toggle (§2.7).

const metricsList: z.ZodType<{ data: GatewayMetrics[] }> = gatewayMetricsListSchema;

export const gatewayMetricsKeys = {
  /** Under the floor plans' key, so the map's Refresh reads the metrics again too. */
  zone: (zoneId: string) => [...floorplanKeys.all, 'gateway-metrics', zoneId] as const,
};

export const gatewayMetricsQueries = {
  /** The 24-hour metrics of every gateway in a zone's subtree (a floor: its units and areas). */
  zone: (zoneId: string) =>
    queryOptions({
      queryKey: gatewayMetricsKeys.zone(zoneId),
      queryFn: async ({ signal }) =>
        (await api.get('metrics/gateways', { query: { zone: zoneId }, signal, schema: metricsList })).data,
      // Averages over a day: a minute's staleness changes nothing the user could see.
      staleTime: 60_000,
    }),
};
