import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import {
  gatewayListSchema,
  gatewayReplaceResultSchema,
  macSuggestionQuery,
  type Gateway,
  type GatewayReplaceBody,
  type GatewayReplaceResult,
} from '@vigil/domain';
import { api } from './client';
import { floorplanKeys } from './floorplans';
import { gatewayKeys } from './gateways';

// Issue 21 "Device replacement" (/device/replacement): the MAC suggestions of its two steps and
// POST gateways/{id}/replace.

/** Which gateway a step picks: the one to replace (placed) or the one that takes its place. */
export type ReplacementSide = 'old' | 'new';

const gatewayPage: z.ZodType<{ data: Gateway[]; total: number }> = gatewayListSchema;
const replaceResult: z.ZodType<GatewayReplaceResult> = gatewayReplaceResultSchema;

export const replacementKeys = {
  suggestions: (side: ReplacementSide, prefix: string) =>
    [...gatewayKeys.all, 'replacement-suggestions', side, prefix] as const,
};

/**
 * SPEC §7 MAC suggestions (query, limit 20, byColumn, orderBy, state ready_to_deploy) for the new
 * gateway; the old one is suggested the same way among the deployed gateways. Every SKU family, and
 * each gateway's location path; null before 4 characters (SPEC §9).
 */
export function replacementSuggestionParams(side: ReplacementSide, input: string) {
  const query = macSuggestionQuery(input);
  if (!query) return null;
  return {
    ...query,
    ...(side === 'old' ? { 'config.state': 'deployed' } : {}),
    byColumn: 'id',
    sku: 'all',
    locationFields: 'path',
  };
}

export const replacementQueries = {
  suggestions: (side: ReplacementSide, input: string) => {
    const params = replacementSuggestionParams(side, input);
    return queryOptions({
      queryKey: replacementKeys.suggestions(side, params?.query ?? ''),
      queryFn: ({ signal }) => api.get('gateways', { query: params!, signal, schema: gatewayPage }),
      enabled: params !== null,
      staleTime: 10_000,
    });
  },
};

/** POST /api/gateways/{id}/replace {newGatewayId, action, rmaReason}; the maps and lists refresh after. */
export function useReplaceGateway() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ oldId, ...body }: GatewayReplaceBody & { oldId: string }) =>
      api.post(`gateways/${oldId}/replace`, { body, schema: replaceResult }),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: gatewayKeys.all }),
        queryClient.invalidateQueries({ queryKey: floorplanKeys.all }),
      ]),
  });
}
