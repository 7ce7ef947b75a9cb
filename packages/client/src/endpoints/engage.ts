import type {
  GiftCodeRedemption,
  LevelCollectResult,
  LevelList,
  MyPlay,
  Paged,
  ProtectionSettings,
  RealityCheck,
  TapAnswer,
} from '@prism/domain';
import type { CallOptions, HttpClient } from '../http';

/** Engagement: gift codes, levels with upgrade tasks, player protection and tap-to-earn (the daily sign-in: dailySignIn.ts). */
export function engageEndpoints(http: HttpClient) {
  return {
    giftCode: {
      redeem: (form: { code: string }, call?: CallOptions) => http.post<GiftCodeRedemption>('/app/giftCode/redeem', form, call),
      records: (query: { pageNo: number; pageSize?: number }) => http.get<Paged<GiftCodeRedemption>>('/app/giftCode/records', query),
    },
    level: {
      list: () => http.get<LevelList>('/app/level/list'),
      collect: (form: { taskId: number }, call?: CallOptions) => http.post<LevelCollectResult>('/app/level/collect', form, call),
    },
    /** Player protection (docs/protection.md): self-exclusion, deposit limits (CASH, "" = none) and the reality check. */
    protection: {
      settings: () => http.get<ProtectionSettings>('/app/protection/settings'),
      exclude: (form: { period?: string; until?: string }) => http.post<ProtectionSettings>('/app/protection/exclude', form),
      limits: (form: { day: string; week: string; month: string }) => http.post<ProtectionSettings>('/app/protection/limits', form),
      realityInterval: (form: { minutes: number }) => http.post<ProtectionSettings>('/app/protection/realityCheck/interval', form),
      realityCheck: () => http.get<RealityCheck>('/app/protection/realityCheck'),
      acknowledge: () => http.post<RealityCheck>('/app/protection/realityCheck/acknowledge'),
      /** The reality check's "stop for today": a 24-hour self-exclusion, the check acknowledged. */
      stopForToday: () => http.post<ProtectionSettings>('/app/protection/realityCheck/stopForToday'),
      /** My play: the last `days` (1-30) platform days per day and coin. */
      myPlay: (days = 30) => http.get<MyPlay>('/app/protection/myPlay', { days }),
    },
    taping: {
      /** Always encrypted by the codec; count 0 reads the energy, a batch needs its own batchId. */
      tapingV2: (form: { count: number; batchId?: string }) => http.post<TapAnswer>('/app/taping/tapingV2', form),
    },
  };
}
