import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { alertLinkViewSchema, type AlertLinkView } from '@vigil/domain';
import { api } from './client';
import { ApiError } from './errors';

/** How often the page asks again, so an acknowledgement by someone else or a close shows up. */
export const ALERT_LINK_REFRESH_MS = 15_000;

export const alertLinkKeys = {
  all: ['alert-link'] as const,
  detail: (token: string) => [...alertLinkKeys.all, token] as const,
};

const path = (token: string) => `link/a/${encodeURIComponent(token)}`;

export const alertLinkQueries = {
  /** GET /api/link/a/{token} (issue 16): the alert a link opens, sent with no credentials. */
  detail: (token: string) =>
    queryOptions({
      queryKey: alertLinkKeys.detail(token),
      queryFn: ({ signal }): Promise<AlertLinkView> =>
        api.get(path(token), { auth: false, signal, schema: alertLinkViewSchema }),
      // An invalid, expired or rate-limited link stays so: asking again only counts against the address.
      retry: false,
      refetchInterval: (query) => (query.state.error ? false : ALERT_LINK_REFRESH_MS),
    }),
};

export function useAlertLink(token: string, enabled = true) {
  return useQuery({ ...alertLinkQueries.detail(token), enabled });
}

/** POST /api/link/a/{token}/acknowledge: acknowledged in the recipient's name; answers the page anew. */
export function useAcknowledgeAlertLink(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (): Promise<AlertLinkView> =>
      api.post(`${path(token)}/acknowledge`, { auth: false, schema: alertLinkViewSchema }),
    onSuccess: (view) => queryClient.setQueryData(alertLinkKeys.detail(token), view),
    // The link expired or was revoked meanwhile: asking again shows the page's own message.
    onError: (error) => {
      if (error instanceof ApiError && [404, 410, 429].includes(error.status))
        void queryClient.invalidateQueries({ queryKey: alertLinkKeys.detail(token) });
    },
  });
}
