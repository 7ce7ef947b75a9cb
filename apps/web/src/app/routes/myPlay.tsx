import '../../styles/wallet.css';
import '../../styles/game.css';
import { MyPlayScreen } from '../../features/myPlay/components/MyPlayScreen';

/** My play (issue 27): the player's last 30 days of play, from the Personal tab and the reality check. */
export default function MyPlayPage() {
  return <MyPlayScreen />;
}
