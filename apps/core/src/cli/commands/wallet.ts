import { type OpsCommand, positional } from '../command';

export const walletCommands: OpsCommand[] = [
  {
    words: ['wallet', 'config'],
    usage: 'wallet config <CASH|USDT> [<field> <value>]          show or change recharge/withdraw settings (getConfig fields)',
    run: (args, http) => {
      const [currency, fieldName, value] = positional(args);
      return fieldName
        ? http.post('/admin/wallet/config', { currency, field: fieldName, value })
        : http.get('/admin/wallet/config', { currency });
    },
  },
  {
    words: ['wallet', 'rate'],
    usage: 'wallet rate <FROM> <TO> <rate|off>                   set or disable an exchange rate (to per one from)',
    run: (args, http) => {
      const [fromCoin, toCoin, rate] = positional(args);
      return http.post('/admin/wallet/rate', { fromCoin, toCoin, rate });
    },
  },
  {
    words: ['ledger', 'check'],
    usage: 'ledger check                                         verify the ledger (sums, balances, no negative user)',
    run: (_args, http) => http.get('/admin/ledger/check'),
  },
];
