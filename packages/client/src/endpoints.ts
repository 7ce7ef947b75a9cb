import { accountEndpoints } from './endpoints/account';
import { engageEndpoints } from './endpoints/engage';
import { gameEndpoints } from './endpoints/game';
import { investEndpoints } from './endpoints/invest';
import { liabilitiesEndpoints } from './endpoints/liabilities';
import { myDataEndpoints } from './endpoints/myData';
import { notifyEndpoints } from './endpoints/notify';
import { powerEndpoints } from './endpoints/power';
import { rechargeEndpoints } from './endpoints/recharge';
import { supportEndpoints } from './endpoints/support';
import { walletEndpoints } from './endpoints/wallet';
import { withdrawEndpoints } from './endpoints/withdraw';
import type { HttpClient } from './http';

/**
 * One typed function per endpoint of specification point 7 (and our additions),
 * grouped by feature, one file per feature. Paths are relative to /core/.
 */
export function createEndpoints(http: HttpClient) {
  return {
    ...accountEndpoints(http),
    ...walletEndpoints(http),
    ...rechargeEndpoints(http),
    ...withdrawEndpoints(http),
    ...gameEndpoints(http),
    ...engageEndpoints(http),
    ...powerEndpoints(http),
    ...investEndpoints(http),
    ...liabilitiesEndpoints(http),
    ...myDataEndpoints(http),
    ...supportEndpoints(http),
    ...notifyEndpoints(http),
  };
}

export type PrismApi = ReturnType<typeof createEndpoints>;
