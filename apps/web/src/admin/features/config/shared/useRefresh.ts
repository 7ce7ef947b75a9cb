import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';

/** Posts through `send`, then reads `queryKey` again so the page shows the saved row and its new stamp. */
export function useSaveAndRefresh(queryKey: readonly unknown[]) {
  const client = useQueryClient();
  return useCallback(
    async <T>(send: () => Promise<T>): Promise<T> => {
      const answer = await send();
      await client.invalidateQueries({ queryKey });
      return answer;
    },
    [client, queryKey],
  );
}
