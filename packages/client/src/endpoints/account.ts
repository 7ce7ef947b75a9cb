import {
  type CodeSent,
  type DownloadInfo,
  type IssuedToken,
  type Locale,
  type Paged,
  PREPARE_INVITE_ROUTE,
  type PreparedInvite,
  type SmsCodeType,
  type TeamInfo,
  type TeamMember,
  type TelegramLinkToken,
  type UserCodeType,
  type UserInfo,
} from '@prism/domain';
import type { HttpClient } from '../http';

/** Accounts: authentication, one-time codes, user info and public configuration (uploads and texts: platform.ts). */
export function accountEndpoints(http: HttpClient) {
  return {
    auth: {
      login: (form: { phone: string; password: string; areaCode?: string }) => http.post<IssuedToken>('/app/auth/login', form),
      register: (form: {
        phone: string;
        password: string;
        confirmPassword: string;
        code: string;
        areaCode?: string;
        invitationCode?: string;
      }) => http.post<IssuedToken>('/app/auth/register', form),
      /**
       * Ours: inside Telegram, exchange validated initData of a linked user for a token. With
       * `initData` it is sent even while a (dead) token is stored: how the web renews a session.
       */
      telegramLogin: (initData?: string) => http.post<IssuedToken>('/app/auth/telegramLogin', {}, initData ? { initData } : {}),
      resetLoginPwd: (form: { phone: string; password: string; confirmPassword: string; code: string; areaCode?: string }) =>
        http.post<null>('/app/auth/resetLoginPwd', form),
      logout: () => http.post<null>('/app/auth/logout'),
    },
    sms: {
      sendSmsCodeNoAuth: (form: { phone: string; type: SmsCodeType; areaCode?: string }) =>
        http.post<CodeSent>('/app/sms/sendSmsCodeNoAuth', form),
      sendUserCode: (form: { type: UserCodeType }) => http.post<CodeSent>('/app/sms/sendUserCode', form),
    },
    user: {
      getUserInfo: () => http.get<UserInfo>('/app/user/getUserInfo'),
      getUserTeamInfo: () => http.get<TeamInfo>('/app/user/getUserTeamInfo'),
      /** Ours: one level (1 = direct) of the caller's team, a page of 20, newest first. */
      getTeamMembers: (query: { level: number; pageNo: number }) => http.get<Paged<TeamMember>>('/app/user/getTeamMembers', query),
      /** `locale` is ours: the account's language, for the bot's notices and codes. */
      modifyUserBaseInfo: (form: { nickName?: string; sex?: 0 | 1 | 2; headUrl?: string; locale?: Locale }) =>
        http.post<UserInfo>('/app/user/modifyUserBaseInfo', form),
      resetAssetPwd: (form: { password: string; confirmPassword: string; code: string }) =>
        http.post<null>('/app/user/resetAssetPwd', form),
      /** Ours: a one-time deep link that links this account to the Telegram user who presses Start with it. */
      telegramLinkToken: () => http.post<TelegramLinkToken>('/app/user/telegram/linkToken'),
      /** Ours: the invitation prepared by the bot for the caller's linked Telegram user, to share with the Mini App button. */
      telegramPrepareInvite: () => http.post<PreparedInvite>(PREPARE_INVITE_ROUTE),
    },
    config: {
      getSysCfgValue: (sysCfgKeyEnum: string) => http.get<string>('/app/config/getSysCfgValue', { sysCfgKeyEnum }),
      getDownloadUrl: () => http.get<DownloadInfo>('/app/config/getDownloadUrl'),
    },
  };
}
