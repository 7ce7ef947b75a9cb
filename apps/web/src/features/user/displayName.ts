import type { UserInfo } from '@prism/domain';

/** The name shown in the top bar: the nickname, or the phone number when there is none. */
export function displayName(user: Pick<UserInfo, 'nickName' | 'phone'> | undefined): string {
  return user?.nickName?.trim() || user?.phone || '';
}
