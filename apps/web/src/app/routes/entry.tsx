import { EntryScreen } from '../../features/auth/components/EntryScreen';
import type { PageProps } from '../../lib/query';

export default function EntryPage({ query }: PageProps) {
  return <EntryScreen query={query} />;
}
