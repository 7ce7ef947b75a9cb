import type { Permission } from '@prism/domain';

/** One entry of the console's navigation: where it goes and what the operator needs to see it. */
export interface NavItem {
  to: string;
  /** Key under `nav.` in i18n/en.ts. */
  label: string;
  /** Any one of these is enough; none means everyone signed in. */
  anyOf: readonly Permission[];
}

export const NAV_ITEMS: readonly NavItem[] = [
  { to: '/', label: 'dashboard', anyOf: ['dashboard.read'] },
  { to: '/withdrawals', label: 'withdrawals', anyOf: ['withdrawals.read'] },
  { to: '/approvals', label: 'approvals', anyOf: ['balances.adjust'] },
  { to: '/users', label: 'users', anyOf: ['users.read'] },
  { to: '/support', label: 'support', anyOf: ['support.read'] },
  {
    to: '/config',
    label: 'config',
    anyOf: ['settings.manage', 'games.manage', 'content.manage', 'wallet.configure', 'deposits.manage', 'outbox.read'],
  },
  { to: '/operators', label: 'operators', anyOf: ['operators.manage'] },
  { to: '/audit', label: 'audit', anyOf: ['audit.read'] },
  { to: '/account', label: 'account', anyOf: [] },
];

/** The entries an operator with these permissions sees, in order. */
export function navFor(permissions: readonly Permission[]): NavItem[] {
  return NAV_ITEMS.filter((item) => item.anyOf.length === 0 || item.anyOf.some((p) => permissions.includes(p)));
}

/**
 * Where to go after signing in: the page the operator was sent away from, if it is a console path
 * (never another site: `next` comes from the address bar), else the console's start.
 */
export function safeNext(next: string | null | undefined): string {
  if (!next?.startsWith('/') || next.startsWith('//') || next.includes('\\')) return '/';
  if (next.startsWith('/login') || next.startsWith('/setup')) return '/';
  return next;
}
