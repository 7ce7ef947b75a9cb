import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';

/**
 * Posts through `send`, then reads `queryKey` again so the page shows the saved row and its new
 * stamp. Also after a failure: a save of several calls (wallet/config, one field each) may have
 * changed the row before one was refused, and the form must not keep the stamp it has outlived.
 */
export function useSaveAndRefresh(queryKey: readonly unknown[]) {
  const client = useQueryClient();
  return useCallback(
    async <T>(send: () => Promise<T>): Promise<T> => {
      try {
        return await send();
      } finally {
        await client.invalidateQueries({ queryKey });
      }
    },
    [client, queryKey],
  );
}
