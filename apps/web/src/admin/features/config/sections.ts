import type { Permission } from '@prism/domain';

/** The configuration pages, in the order of the sub-navigation (paths under /config/), each with the permission its API needs. */
export const CONFIG_SECTIONS = [
  { path: 'rooms', label: 'Rooms', permission: 'games.manage' },
  { path: 'power', label: 'Power packages', permission: 'games.manage' },
  { path: 'follow-invest', label: 'Follow-invest', permission: 'games.manage' },
  { path: 'fixed-deposit', label: 'Fixed deposit', permission: 'games.manage' },
  { path: 'levels', label: 'Levels and tasks', permission: 'games.manage' },
  { path: 'gift-codes', label: 'Gift codes', permission: 'games.manage' },
  { path: 'settings', label: 'Settings', permission: 'settings.manage' },
  { path: 'wallet', label: 'Wallet', permission: 'wallet.configure' },
  { path: 'content', label: 'Content pages', permission: 'content.manage' },
  { path: 'broadcasts', label: 'Broadcasts', permission: 'content.manage' },
  { path: 'outbox', label: 'Sandbox outbox', permission: 'outbox.read' },
] as const satisfies readonly { path: string; label: string; permission: Permission }[];

/** The sections an operator with these permissions may open, in order. */
export function sectionsFor(permissions: readonly Permission[]) {
  return CONFIG_SECTIONS.filter((section) => permissions.includes(section.permission));
}
