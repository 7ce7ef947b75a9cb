import type { GameBetRecord, GameSessionResult, Paged } from '@prism/domain';
import type { InfiniteData } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { itemsOf } from '../../lib/paging';
import { resultPopupOf } from './popup';
import { readAcknowledged, writeAcknowledged } from './prefs';

/** The result popup: the latest finished session, if the user bet on it and has not acknowledged it (popup.ts). */
export function useResultPopup(
  level: number,
  results: InfiniteData<Paged<GameSessionResult>> | undefined,
  records: InfiniteData<Paged<GameBetRecord>> | undefined,
) {
  const [acknowledged, setAcknowledged] = useState(() => readAcknowledged(level));
  const popup = resultPopupOf(results?.pages[0]?.content[0], itemsOf(records?.pages), acknowledged);
  const popupId = popup?.session.id;
  const acknowledge = useCallback(() => {
    if (popupId === undefined) return;
    writeAcknowledged(level, popupId);
    setAcknowledged(popupId);
  }, [level, popupId]);
  return { popup, acknowledge };
}
