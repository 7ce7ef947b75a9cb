import type { HttpClient } from '../http';
import { engageEndpoints } from './engage';
import { gameEndpoints } from './game';
import { investEndpoints } from './invest';
import { liabilitiesEndpoints } from './liabilities';
import { myDataEndpoints } from './myData';
import { notifyEndpoints } from './notify';
import { platformEndpoints } from './platform';
import { powerEndpoints } from './power';
import { rechargeEndpoints } from './recharge';
import { supportEndpoints } from './support';
import { walletEndpoints } from './wallet';
import { withdrawEndpoints } from './withdraw';

/**
 * The groups only signed-in pages call (`@prism/client/later`): not named by the package's barrel,
 * so that the web's first pages, which import the barrel, do not take them in.
 */
export function laterEndpoints(http: HttpClient) {
  return {
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
    ...platformEndpoints(http),
  };
}

export type LaterApi = ReturnType<typeof laterEndpoints>;
