import type { AppStrings } from './app/en-US';

/**
 * UI strings in English (en-US): the default and the fallback. Every other
 * locale has exactly this shape (the type checker enforces it). This file holds
 * the shell's strings (what the entry and login pages and the bars show), which
 * come with the first chunk; the strings of every other page are in app/, one
 * file per locale, loaded with the first such page. Messages of the server and
 * of form validation come from @prism/domain and are merged in under `msg`.
 */
export const enUS = {
  common: {
    brand: 'Prism',
    netError: 'net error',
    tapToRetry: 'Tap to retry',
    loading: 'Loading…',
    back: 'Back',
    copy: 'Copy',
    copySuccess: 'Copy successful',
    updated: 'Updated Successfully',
    notAvailable: 'Not available yet',
    noMoreData: 'no more data',
    save: 'Save',
    confirm: 'Confirm',
    optional: 'optional',
    close: 'Close',
    cancel: 'Cancel',
    loadMore: 'Load more',
  },
  nav: {
    label: 'Main',
    home: 'Home',
    taskPlatform: 'Task Platform',
    orders: 'Orders',
    personal: 'Personal',
  },
  titles: {
    myPlay: 'My play',
    notifications: 'Notifications',
    support: 'Support chat',
    liabilities: 'Proof of liabilities',
    myData: 'My data',
    protection: 'Responsible play',
    followInvest: 'Follow-invest',
    followInvestOrders: 'My follow-invest orders',
    load: 'Prism',
    loadAlias: 'Prism',
    home: 'Home',
    doubleInvest: 'Task Platform',
    doubleInvestDetail: 'Task detail',
    givenPower: 'Gift power',
    powerRecords: 'Power records',
    team: 'Orders',
    account: 'Personal',
    assetRecords: 'Asset records',
    bankCard: 'Bank card',
    myProfile: 'Profile',
    lang: 'Language',
    loginPassword: 'Login password',
    paymentPassword: 'Payment password',
    login: 'Log in',
    notice: 'Notices',
    noticeDetail: 'Notice',
    deposit: 'Fixed deposit',
    depositForm: 'Deposit',
    depositOutForm: 'Transfer out',
    recharge: 'Recharge',
    withdrawal: 'Withdraw',
    introduction: 'Introduction',
    introductionPdf: 'Document',
    game: 'Colour game',
    gameVerify: 'Verify a result',
    giftCode: 'Gift code',
    tap: 'Tap to earn',
    levels: 'Levels',
  },
  topBar: {
    openProfile: 'Open profile',
    language: 'Language',
  },
  auth: {
    panels: 'Account',
    login: 'Log in',
    register: 'Register',
    forgot: 'Forgot password',
    forgotLink: 'Forgot password?',
    backToLogin: 'Back to log in',
    phone: 'Phone',
    countryCode: 'Country code',
    password: 'Password',
    newPassword: 'New password',
    confirmPassword: 'Confirm password',
    code: 'Verification code',
    invitationCode: 'Invitation code',
    sendCode: 'Send code',
    resendIn: 'Resend in {{seconds}} s',
    codeSent: 'Verification code sent',
    resetPassword: 'Reset password',
    passwordReset: 'Password reset, please log in',
    demoNote: 'Demo mode: verification codes are not sent by SMS; read them in the developer outbox at /core/dev/outbox.',
    telegramNote: 'Log in or register to link your Telegram account.',
    signingIn: 'Signing you in…',
  },
};

export type Strings<T> = { [K in keyof T]: T[K] extends string ? string : Strings<T[K]> };
/** The shape every locale's shell strings must fill in. */
export type ShellStrings = Strings<typeof enUS>;
/** All UI strings of a locale, as i18next holds them (namespace `translation`). */
export type UiStrings = ShellStrings & AppStrings;
