import type { NewsItem } from '@tradedesk/contracts';
import { useCallback, useRef } from 'react';
import { isApiError } from '../../../shared/api/api-error';
import { toast } from '../../../shared/toast/toast';
import { useSaveNewsMutation, useUnsaveNewsMutation } from '../news-api';

/**
 * The read-later star: saves an unsaved item and removes a saved one, shown at once (optimistic) and put back
 * with a message when the server refuses. While a change of an item is on its way, further presses of that item
 * are ignored, so a double click never saves it twice.
 */
export function useSaveToggle(): (item: Pick<NewsItem, 'id' | 'isSaved' | 'title'>) => void {
  const [save] = useSaveNewsMutation();
  const [unsave] = useUnsaveNewsMutation();
  const pending = useRef(new Set<string>());
  return useCallback(
    (item) => {
      if (pending.current.has(item.id)) return;
      pending.current.add(item.id);
      const call = item.isSaved ? unsave(item.id) : save(item.id);
      void call
        .unwrap()
        .catch((error: unknown) => {
          toast.show({
            variant: 'error',
            title: item.isSaved ? 'The item could not be removed from Read later.' : 'The item could not be saved.',
            message: isApiError(error) ? error.message : 'Check your connection and try again.',
          });
        })
        .finally(() => pending.current.delete(item.id));
    },
    [save, unsave],
  );
}
