import { LoginScreen } from '../../features/auth/components/LoginScreen';
import type { PageProps } from '../../lib/query';

export default function LoginPage({ query }: PageProps) {
  return <LoginScreen query={query} />;
}
