import { useTranslation } from 'react-i18next';
import { useDelayedFlag } from '../lib/timing';
import { Skeleton, type SkeletonShape } from './Skeleton';

/**
 * The loading state. With a `shape` (a main screen whose layout is known), a
 * skeleton of that screen in place, fading in after 200 ms; otherwise a centred
 * spinner that appears only when loading lasts longer than 200 ms. The element
 * is there from the first frame (class page-loading), so tests and tools can
 * wait for it to go; "Loading" is announced only once the indicator shows.
 */
export function PageLoading({ active = true, shape }: { active?: boolean; shape?: SkeletonShape }) {
  const { t } = useTranslation();
  const visible = useDelayedFlag(active);
  if (!active) return null;
  const announced = visible && <span className="visually-hidden">{t('common.loading')}</span>;
  if (shape) {
    return (
      <div className="page-loading page-loading-skeleton" role="status" aria-busy="true" data-testid="page-loading">
        {announced}
        <Skeleton shape={shape} />
      </div>
    );
  }
  return (
    <div className="page-loading" role="status" aria-live="polite" data-testid="page-loading">
      {visible && <span className="spinner" aria-hidden="true" />}
      {announced}
    </div>
  );
}
