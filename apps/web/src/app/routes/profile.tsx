import { ProfileScreen } from '../../features/user/components/ProfileScreen';

export default function ProfilePage() {
  return <ProfileScreen />;
}
