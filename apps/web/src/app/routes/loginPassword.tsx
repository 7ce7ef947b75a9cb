import { QueryView } from '../../components/QueryView';
import { LoginPasswordScreen } from '../../features/settings/components/LoginPasswordScreen';
import { useUserInfo } from '../../lib/userInfo';

/** The login password is reset for the user's own phone and calling code. */
export default function LoginPasswordPage() {
  const user = useUserInfo();
  return <QueryView query={user}>{(info) => <LoginPasswordScreen phone={info.phone} areaCode={info.areaCode} />}</QueryView>;
}
