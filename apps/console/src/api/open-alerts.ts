import { useCallback, useSyncExternalStore } from 'react';
import { hashKey, useQueryClient } from '@tanstack/react-query';
import type { Alert } from '@vigil/domain';
import { alertKeys } from './alerts';

const OPEN_KEY_HASH = hashKey(alertKeys.open());

/**
 * Every open alert, newest first, as the shell's alert feed keeps them (ARCHITECTURE §5: the SSE
 * stream, and GET alerts every 2 s as the safety net); undefined before its first answer or for a
 * user who may not read alerts. It reads the feed's query in the cache and fetches nothing itself:
 * no second poll, and no observer whose options could replace the feed's query function.
 */
export function useOpenAlerts(): Alert[] | undefined {
  const queryClient = useQueryClient();
  const subscribe = useCallback(
    (onChange: () => void) =>
      queryClient.getQueryCache().subscribe((event) => {
        if (event.query.queryHash === OPEN_KEY_HASH) onChange();
      }),
    [queryClient],
  );
  return useSyncExternalStore(subscribe, () => queryClient.getQueryData<Alert[]>(alertKeys.open()));
}
