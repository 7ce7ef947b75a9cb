/** A system setting as GET config answers it. */
export interface Setting {
  key: string;
  value: string;
  description: string;
  isPublic: boolean;
  updatedAt: string;
}

export interface SettingGroup {
  title: string;
  settings: (Setting & { label: string })[];
}

/** Groups by key, first match wins; what matches none lands in "Other settings". */
const GROUPS: { title: string; match: (key: string) => boolean }[] = [
  { title: 'Sign-in rewards', match: (key) => key.startsWith('SIGN_IN_') },
  { title: 'Team rebates', match: (key) => key.startsWith('TEAM_') },
  { title: 'Tap to earn', match: (key) => key.startsWith('TAP_') },
  { title: 'Games', match: (key) => key.startsWith('GAME_') },
  {
    title: 'Country, customer service and app',
    match: (key) => ['COUNTRY_CODE', 'CUSTOMER_SERVICE_URL', 'DOWNLOAD_URL', 'CURRENCY_SYMBOL', 'PLATFORM_TIME_ZONE'].includes(key),
  },
];

/** Readable names where the key alone says too little. */
const LABELS: Record<string, string> = {
  COUNTRY_CODE: 'Country codes allowed',
  CUSTOMER_SERVICE_URL: 'Customer service link',
  DOWNLOAD_URL: 'App download link',
  PLATFORM_TIME_ZONE: 'Platform time zone',
  SIGN_IN_BASE: 'Reward on day one',
  SIGN_IN_STEP: 'Added each further day',
  SIGN_IN_ASSET: 'Reward coin',
  TEAM_BET_REBATE_BPS: 'Bet rebate per tier (basis points)',
  TEAM_RECHARGE_REBATE_BPS: 'Recharge rebate per tier (basis points)',
  total_address_ton: 'TON deposit addresses',
};

/** "TEAM_REGISTER_REBATE" -> "Register rebate" (the group's prefix dropped), unless LABELS names it. */
export function settingLabel(key: string): string {
  const known = LABELS[key];
  if (known) return known;
  const words = key
    .replace(/^(SIGN_IN|TEAM|TAP|GAME)_/, '')
    .toLowerCase()
    .split('_')
    .filter(Boolean)
    .join(' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** Settings in labelled groups, in GROUPS' order, each sorted by key; empty groups left out. */
export function groupSettings(settings: readonly Setting[]): SettingGroup[] {
  const groups = [
    ...GROUPS.map((g) => ({ title: g.title, settings: [] as SettingGroup['settings'] })),
    { title: 'Other settings', settings: [] as SettingGroup['settings'] },
  ];
  for (const setting of [...settings].sort((a, b) => a.key.localeCompare(b.key))) {
    const index = GROUPS.findIndex((g) => g.match(setting.key));
    groups[index === -1 ? GROUPS.length : index]?.settings.push({ ...setting, label: settingLabel(setting.key) });
  }
  return groups.filter((group) => group.settings.length > 0);
}
