import type { BetName } from '@prism/domain';
import { useTranslation } from 'react-i18next';

/** How a bet is named on screen: "Red", "Big", "Number 7". */
export function useBetLabel(): (bet: BetName) => string {
  const { t } = useTranslation();
  return (bet) =>
    /^\d$/.test(bet) ? t('game.bet.number', { n: bet }) : t(`game.bet.${bet as 'Red' | 'Green' | 'Violet' | 'Big' | 'Small'}`);
}
