/**
 * Who may do what on the operator side (docs/operations.md, "Roles and permissions").
 * Every /core/admin route declares one of these permissions (apps/core/src/http/permit.ts);
 * a role holds a set of them. Least privilege: each role gets what its job needs, the owner all.
 */
export const OPERATOR_ROLES = ['owner', 'finance', 'support', 'content', 'games'] as const;
export type OperatorRole = (typeof OPERATOR_ROLES)[number];

export const PERMISSIONS = [
  /** Create, disable and re-role operators; see their sessions. */
  'operators.manage',
  /** Read the audit log. */
  'audit.read',
  /** The dashboard's aggregates and the operator health answer. */
  'dashboard.read',
  /** Run the ledger check (read-only, but costly). */
  'ledger.check',
  /** Repairs of derived figures (bet figures): rare, owner only. */
  'ledger.repair',
  /** The withdrawal queue, masked. */
  'withdrawals.read',
  /** Approve or reject a withdrawal; approve a second time above the four-eyes amount. */
  'withdrawals.review',
  /** Unmasked payout details (account number, holder, IFSC, phone, chain address); every view is audited. */
  'withdrawals.payoutDetails',
  /** Recharge orders, deposits, money exceptions (refund or credit). */
  'deposits.manage',
  /** Wallet limits, fees, exchange rates, pay channels. */
  'wallet.configure',
  /** Request or approve a manual balance adjustment or a turnover waiver. */
  'balances.adjust',
  /** Find users and see their state, read-only. */
  'users.read',
  /** Disable or enable a user, sign them out everywhere. */
  'users.manage',
  /** Send a user a message. */
  'users.message',
  /** Notices, content pages and PDFs, broadcasts. */
  'content.manage',
  /** System settings: country codes, customer-service link and the other plain settings. */
  'settings.manage',
  /** Rooms, levels and tasks, power/follow-invest/fixed-deposit products, gift codes, rewards, rebate rates. */
  'games.manage',
  /** The sandbox outbox (SMS codes and bot messages): it holds sign-in codes. */
  'outbox.read',
  /** Players' support conversations: list and read them, mark them read. */
  'support.read',
  /** Answer a player in the support chat (console, API, or the Telegram support group). */
  'support.answer',
] as const;
export type Permission = (typeof PERMISSIONS)[number];

const ROLE_GRANTS: Record<Exclude<OperatorRole, 'owner'>, readonly Permission[]> = {
  finance: [
    'dashboard.read',
    'ledger.check',
    'withdrawals.read',
    'withdrawals.review',
    'withdrawals.payoutDetails',
    'deposits.manage',
    'wallet.configure',
    'balances.adjust',
    'users.read',
  ],
  support: ['dashboard.read', 'withdrawals.read', 'users.read', 'users.manage', 'users.message', 'support.read', 'support.answer'],
  content: ['dashboard.read', 'content.manage', 'settings.manage'],
  games: ['dashboard.read', 'games.manage'],
};

/** Whether an operator with this role holds this permission. */
export function roleCan(role: OperatorRole, permission: Permission): boolean {
  return role === 'owner' || ROLE_GRANTS[role].includes(permission);
}

/** Every permission a role holds, in PERMISSIONS order (the console hides what a role cannot do). */
export function permissionsOf(role: OperatorRole): Permission[] {
  return PERMISSIONS.filter((permission) => roleCan(role, permission));
}

export function isOperatorRole(value: string): value is OperatorRole {
  return (OPERATOR_ROLES as readonly string[]).includes(value);
}
