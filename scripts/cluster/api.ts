import type { Envelope } from '@prism/domain';
import { TestApi } from '../../apps/core/src/testing';

/** How many requests failed cleanly, by why; each then counts as "no answer" and is retried as a client would. */
export interface CleanFailures {
  transport: number;
  proxy: number;
  unavailable: number;
}

export interface ReadYourWrites {
  checked: number;
  missing: string[];
  skipped: number;
}

const noAnswer = <T>(message: string): Envelope<T> => ({ code: 0, message, result: undefined as T, timestamp: Date.now() });
const BET_PATH = '/app/game/luckyLottery/betting';

/**
 * The simulation's HTTP API through HAProxy. What a careful client treats as "no answer, ask again
 * with the same Idempotency-Key" answers code 0 (the simulation then retries keyed requests): a
 * connection that broke, HAProxy's 502/503/504 (no core up, or one died mid-request) and core's own
 * 503 "briefly unavailable" (its database connection was cut: the transaction may or may not have
 * committed, which only the key can tell). After every bet answered 200 it reads the player's bet
 * records through HAProxy at once (another process, likely): the bet must be there (read-your-writes).
 */
export class ClusterApi extends TestApi {
  readonly failures: CleanFailures = { transport: 0, proxy: 0, unavailable: 0 };
  readonly readYourWrites: ReadYourWrites = { checked: 0, missing: [], skipped: 0 };

  override async send<T = unknown>(pathname: string, init: RequestInit): Promise<Envelope<T>> {
    let response: Response;
    let text: string;
    try {
      response = await this.fetch(pathname, init);
      text = await response.text();
    } catch {
      this.failures.transport++;
      return noAnswer<T>('no answer (connection broke)');
    }
    if (response.status === 502 || response.status === 503 || response.status === 504) {
      this.failures.proxy++;
      return noAnswer<T>(`HAProxy answered ${response.status}`);
    }
    if (response.status !== 200) throw new Error(`HTTP ${response.status} for ${pathname}: ${text.slice(0, 200)}`);
    const envelope = JSON.parse(text) as Envelope<T>;
    if (envelope.code === 503) {
      this.failures.unavailable++;
      return noAnswer<T>(envelope.message);
    }
    if (pathname === BET_PATH && envelope.code === 200) await this.checkReadYourWrite(init, envelope as Envelope<unknown>);
    return envelope;
  }

  private async checkReadYourWrite(init: RequestInit, bet: Envelope<unknown>): Promise<void> {
    const id = (bet.result as { id?: number } | undefined)?.id;
    const token = new Headers(init.headers).get('Authorization') ?? '';
    const records = await super
      .get<{ content: { id: number }[] }>('/app/game/luckyLottery/userLotteryRecordPage', { pageSize: '50' }, { token })
      .catch(() => undefined);
    if (records?.code !== 200) {
      this.readYourWrites.skipped++;
      return;
    }
    this.readYourWrites.checked++;
    if (!records.result.content.some((row) => row.id === id)) this.readYourWrites.missing.push(`bet ${id}`);
  }
}
