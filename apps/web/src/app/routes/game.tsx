import '../../styles/wallet.css';
import '../../styles/game.css';
import { GameScreen } from '../../features/game/components/GameScreen';
import { RealityCheckDialog } from '../../features/protection/components/RealityCheckDialog';
import { useDemoMode } from '../../lib/config';
import type { PageProps } from '../../lib/query';
import { useUserInfo } from '../../lib/userInfo';

/** The colour/size game (ours: /pages/game/game). The user's CHIP, GOLD and POINT balances feed the bet sheet; ?level= opens a room. */
export default function GamePage({ query }: PageProps) {
  const user = useUserInfo();
  const demo = useDemoMode();
  const balances = { CHIP: user.data?.chip, GOLD: user.data?.gold, POINT: user.data?.point };
  return (
    <>
      <GameScreen balances={balances} demo={demo} initialRoom={query.level} />
      <RealityCheckDialog />
    </>
  );
}
