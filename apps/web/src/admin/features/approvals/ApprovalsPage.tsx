import { useT } from '../../i18n';
import { AdjustmentsSection } from './AdjustmentsSection';
import { ExceptionsSection } from './ExceptionsSection';
import { WaiverForm } from './WaiverForm';

/** Finance's four-eyes work: balance adjustments, money exceptions and turnover waivers. */
export function ApprovalsPage() {
  const t = useT();
  return (
    <>
      <h1>{t('approvals.title')}</h1>
      <AdjustmentsSection />
      <ExceptionsSection />
      <WaiverForm />
    </>
  );
}
