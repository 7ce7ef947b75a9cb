/**
 * Settings seeded on first start (existing values are never overwritten).
 * Operators change them in the sys_config table or with `npm run ops -- config set`.
 */
export interface ConfigDefault {
  key: string;
  value: string;
  description: string;
  isPublic: boolean;
}

export const configDefaults: readonly ConfigDefault[] = [
  {
    key: 'COUNTRY_CODE',
    value: '91,1,44,84,98,971,966,886',
    description: 'Calling codes offered at registration, comma-separated; the first is the default.',
    isPublic: true,
  },
  {
    key: 'total_address_ton',
    value: 'UQDemoPrismTonDepositAddress0000000000000000000000',
    description: 'TON deposit address shown on the recharge page (demo value).',
    isPublic: true,
  },
  {
    key: 'CUSTOMER_SERVICE_URL',
    value: '',
    description: 'Customer service link; empty shows "Customer service address not set".',
    isPublic: true,
  },
  { key: 'DOWNLOAD_URL', value: '', description: 'App download address; empty means the public URL of this server.', isPublic: true },
  { key: 'CURRENCY_SYMBOL', value: '$', description: 'Currency symbol shown by the app.', isPublic: true },
  {
    key: 'DEMO_MODE',
    value: 'true',
    description: 'Play-money mode: the app says "demo" where money comes in (DESIGN 10).',
    isPublic: true,
  },
];
