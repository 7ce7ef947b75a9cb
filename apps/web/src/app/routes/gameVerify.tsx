import '../../styles/wallet.css';
import '../../styles/game.css';
import { VerifyScreen } from '../../features/game/components/VerifyScreen';
import type { PageProps } from '../../lib/query';

/** How results are chosen (ours: /pages/game/verify, public): ?periodId= checks that period at once. */
export default function GameVerifyPage({ query }: PageProps) {
  return <VerifyScreen key={query.periodId ?? ''} initialPeriodId={query.periodId} />;
}
