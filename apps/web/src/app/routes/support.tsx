import { SupportScreen } from '../../features/support/components/SupportScreen';

/** Personal -> Support chat (issue 27): the player's conversation with support. */
export default function SupportPage() {
  return <SupportScreen />;
}
