import type {
  BetCoin,
  BetName,
  GameBetRecord,
  GameChain,
  GameLevel,
  GameSession,
  GameSessionDetail,
  GameSessionResult,
  GameTrend,
  GameVoidSummary,
  Paged,
} from '@prism/domain';
import type { CallOptions, HttpClient } from '../http';

/** A coin the betting endpoint takes (BET_COINS of @prism/domain). */
export type GameCoin = BetCoin;

/** The colour/size game (specification point 7), plus verification data. */
export function gameEndpoints(http: HttpClient) {
  return {
    game: {
      getLevelList: () => http.get<GameLevel[]>('/app/game/luckyLottery/getLevelList'),
      getSession: (level: number) => http.get<GameSession>('/app/game/luckyLottery/getSession', { level }),
      /** totalBetAmount must equal baseAmount x betMultiples; the server recomputes it. */
      betting: (
        form: { gameSessionId: number; betName: BetName; baseAmount: string; betMultiples: number; totalBetAmount: string; coin: GameCoin },
        call?: CallOptions,
      ) => http.post<GameBetRecord>('/app/game/luckyLottery/betting', form, call),
      sessionResultPage: (query: { level: number; pageNo: number; pageSize?: number }) =>
        http.get<Paged<GameSessionResult>>('/app/game/luckyLottery/sessionResultPage', query),
      userLotteryRecordPage: (query: { pageNo: number; pageSize?: number; coin?: GameCoin; level?: number }) =>
        http.get<Paged<GameBetRecord>>('/app/game/luckyLottery/userLotteryRecordPage', query),
      sessionDetail: (periodId: string) => http.get<GameSessionDetail>('/app/game/luckyLottery/sessionDetail', { periodId }),
      /** How many finished sessions were voided, and why (every room). */
      voidSummary: () => http.get<GameVoidSummary>('/app/game/luckyLottery/voidSummary'),
      /** The trend chart: the room's last 100 settled draws and their statistics (public, cached per draw). */
      trend: (level: number) => http.get<GameTrend>('/app/game/luckyLottery/trend', { level }),
      chains: (level?: number) => http.get<GameChain[]>('/app/game/luckyLottery/chains', { level }),
    },
  };
}
