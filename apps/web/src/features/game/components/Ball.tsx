import type { Colour } from '@prism/domain';
import { useTranslation } from 'react-i18next';

/** The look of a result: its colours; violet numbers (0 and 5) are split between their two colours. */
export function ballClass(colours: readonly Colour[]): string {
  if (colours.length === 0) return 'ball ball-void';
  return `ball ${colours.map((colour) => `ball-${colour.toLowerCase()}`).join(' ')}${colours.length > 1 ? ' ball-split' : ''}`;
}

/** A drawn number in its colours, read as "3, Green" by screen readers; a void session shows a dash. */
export function Ball({ result, colours, size = 'm' }: { result: number | null; colours: readonly Colour[]; size?: 's' | 'm' | 'l' }) {
  const { t } = useTranslation();
  const label = result === null ? t('game.void') : `${result}, ${colours.map((colour) => t(`game.bet.${colour}`)).join(' ')}`;
  return (
    <span className={`${ballClass(colours)} ball-${size}`} role="img" aria-label={label}>
      {result ?? '–'}
    </span>
  );
}
