/** The configuration pages, in the order of the sub-navigation (paths under /config/). */
export const CONFIG_SECTIONS = [
  { path: 'rooms', label: 'Rooms' },
  { path: 'power', label: 'Power packages' },
  { path: 'follow-invest', label: 'Follow-invest' },
  { path: 'fixed-deposit', label: 'Fixed deposit' },
  { path: 'levels', label: 'Levels and tasks' },
  { path: 'gift-codes', label: 'Gift codes' },
  { path: 'settings', label: 'Settings' },
  { path: 'wallet', label: 'Wallet' },
  { path: 'content', label: 'Content pages' },
  { path: 'broadcasts', label: 'Broadcasts' },
  { path: 'outbox', label: 'Sandbox outbox' },
] as const;
