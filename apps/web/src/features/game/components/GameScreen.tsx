import { type BetName, type GameEvent, type GameLevel, routes } from '@prism/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/EmptyState';
import { ErrorBlock } from '../../../components/ErrorBlock';
import { PageLoading } from '../../../components/PageLoading';
import { QueryView } from '../../../components/QueryView';
import { Tabs } from '../../../components/Tabs';
import { errorMessage } from '../../../lib/api';
import { isolate } from '../../../lib/bidi';
import { useIntent } from '../../../lib/intent';
import { formatAmount } from '../../../lib/money';
import { useNavigation } from '../../../lib/navigation';
import { itemsOf } from '../../../lib/paging';
import { queryKeys } from '../../../lib/queryClient';
import { hapticImpact } from '../../../lib/telegram';
import { useThrottled } from '../../../lib/throttle';
import { toast } from '../../../lib/toast';
import { usePlaceBet } from '../api/betting';
import { useGameLevels } from '../api/levels';
import { useGameRecords } from '../api/records';
import { useGameResults } from '../api/results';
import { useGameSession } from '../api/session';
import { type BetCheck, type BetForm, betTotal, checkBetForm, resetBetForm } from '../betForm';
import { POLL_MS, useGameEvents } from '../live';
import { resultPopupOf } from '../popup';
import { type GamePlayCoin, readAcknowledged, readCoin, writeAcknowledged, writeCoin } from '../prefs';
import { useSessionClock } from '../useSessionClock';
import { BetBoard, useBetLabel } from './BetBoard';
import { type Balances, BetSheet } from './BetSheet';
import { DrawStrip } from './DrawStrip';
import { HistoryList } from './HistoryList';
import { OddsCard } from './OddsCard';
import { RecordList } from './RecordList';
import { ResultPopup } from './ResultPopup';
import { SessionCard } from './SessionCard';

export type { Balances } from './BetSheet';

/**
 * /pages/game/game: the rooms as tabs; in the chosen room the open session with
 * its countdowns, the previous draws, the bets, odds and return to player, past
 * history (the default tab) and my records, and the result popup. Live events
 * keep it current; while they are down it polls.
 */
export function GameScreen({ balances, demo, initialLevel }: { balances: Balances; demo: boolean; initialLevel?: string | undefined }) {
  const levels = useGameLevels();
  return (
    <QueryView query={levels}>
      {(list) => <Rooms rooms={list.filter((room) => room.enableFlag)} balances={balances} demo={demo} initialLevel={initialLevel} />}
    </QueryView>
  );
}

function Rooms({
  rooms,
  balances,
  demo,
  initialLevel,
}: {
  rooms: GameLevel[];
  balances: Balances;
  demo: boolean;
  initialLevel: string | undefined;
}) {
  const { t } = useTranslation();
  const [chosen, setChosen] = useState(() => rooms.find((room) => String(room.level) === initialLevel)?.level ?? rooms[0]?.level);
  const room = rooms.find((entry) => entry.level === chosen) ?? rooms[0];
  if (!room) return <EmptyState message={t('game.noRooms')} />;
  return (
    <div className="stack game">
      {demo && (
        <p className="badge badge-demo game-demo" data-testid="game-demo">
          {t('game.demo')}
        </p>
      )}
      <div className="rooms">
        <Tabs
          label={t('game.rooms')}
          items={rooms.map((entry) => ({ key: String(entry.level), label: isolate(entry.levelName) }))}
          value={String(room.level)}
          onChange={(key) => setChosen(Number(key))}
        >
          <Room key={room.level} room={room} balances={balances} />
        </Tabs>
      </div>
    </div>
  );
}

type ListTab = 'history' | 'records';

function Room({ room, balances }: { room: GameLevel; balances: Balances }) {
  const { t } = useTranslation();
  const label = useBetLabel();
  const queryClient = useQueryClient();
  const { navigateTo } = useNavigation();
  const level = room.level;

  // Live events: a new session, or a finished one (results, records, balance and the session change).
  const onEvent = useCallback(
    (event: GameEvent) => {
      if (event.level !== level || event.type === 'session_drawn') return;
      const keys =
        event.type === 'session_opened'
          ? [queryKeys.gameSession(level)]
          : [queryKeys.gameSession(level), queryKeys.gameResults(level), queryKeys.gameRecords(level), queryKeys.userInfo];
      for (const queryKey of keys) void queryClient.invalidateQueries({ queryKey });
    },
    [level, queryClient],
  );
  const { live } = useGameEvents(level, onEvent);
  const pollMs = live ? false : POLL_MS;
  const session = useGameSession(level, pollMs);
  const results = useGameResults(level, pollMs);
  const records = useGameRecords(level);
  const clock = useSessionClock(session.data);

  // At the end of a session the next one opens: fetch it, and again each second until it is there.
  const ended = session.data !== undefined && clock.draw === 0;
  const sessionId = session.data?.id;
  const { refetch } = session;
  useEffect(() => {
    if (!ended) return;
    void refetch();
    const timer = setInterval(() => void refetch(), 1_000);
    return () => clearInterval(timer);
  }, [ended, sessionId, refetch]);

  // Back live after polling: catch up once on what happened between the last poll and the reconnection.
  const wasLive = useRef(live);
  useEffect(() => {
    if (live && !wasLive.current) {
      for (const queryKey of [queryKeys.gameSession(level), queryKeys.gameResults(level), queryKeys.gameRecords(level), queryKeys.userInfo])
        void queryClient.invalidateQueries({ queryKey });
    }
    wasLive.current = live;
  }, [live, level, queryClient]);

  // While polling, a new finished session (the head of the history) means records and balance changed.
  const headId = results.data?.pages[0]?.content[0]?.id;
  const seenHead = useRef(headId);
  useEffect(() => {
    if (headId === undefined) return;
    if (!live && seenHead.current !== undefined && seenHead.current !== headId) {
      for (const queryKey of [queryKeys.gameRecords(level), queryKeys.userInfo]) void queryClient.invalidateQueries({ queryKey });
    }
    seenHead.current = headId;
  }, [headId, live, level, queryClient]);

  // The coin, kept on this device.
  const [coin, setCoin] = useState<GamePlayCoin>(readCoin);
  const chooseCoin = useCallback((next: GamePlayCoin) => {
    writeCoin(next);
    setCoin(next);
  }, []);

  // The bet form and its sheet.
  const [form, setForm] = useState<BetForm>(() => resetBetForm(room.betMultiple));
  const [sheetOpen, setSheetOpen] = useState(false);
  const [problem, setProblem] = useState<BetCheck>();
  const [failure, setFailure] = useState<string>();
  const placeBet = usePlaceBet();
  const intent = useIntent();
  const choose = useCallback((betName: BetName) => {
    setForm((current) => ({ ...current, betName }));
    setProblem(undefined);
    setFailure(undefined);
    setSheetOpen(true);
  }, []);
  const change = (next: BetForm) => {
    setForm(next);
    setProblem(undefined);
    setFailure(undefined);
  };
  const confirm = useThrottled(() => {
    const current = session.data;
    const check = checkBetForm(form, room, clock.bettingOpen && current !== undefined);
    setProblem(check);
    setFailure(undefined);
    if (check || !current) return;
    const totalBetAmount = betTotal(form.baseAmount, form.multiples);
    const input = {
      gameSessionId: current.id,
      betName: form.betName,
      baseAmount: formatAmount(form.baseAmount),
      betMultiples: form.multiples,
      totalBetAmount,
      coin,
    };
    placeBet.mutate(
      { input, idempotencyKey: intent.keyFor(input) },
      {
        onSuccess: () => {
          intent.settle();
          hapticImpact('medium');
          setSheetOpen(false);
          setForm(resetBetForm(room.betMultiple));
          toast(t('game.betPlaced', { bet: label(input.betName), amount: isolate(`${totalBetAmount} ${coin}`) }));
        },
        onError: (error) => {
          intent.settle(error);
          setFailure(errorMessage(error));
        },
      },
    );
  });

  // The result popup: the latest finished session, if the user bet on it and has not acknowledged it.
  const [acknowledged, setAcknowledged] = useState(() => readAcknowledged(level));
  const popup = resultPopupOf(results.data?.pages[0]?.content[0], itemsOf(records.data?.pages), acknowledged);
  const popupId = popup?.session.id;
  const acknowledge = useCallback(() => {
    if (popupId === undefined) return;
    writeAcknowledged(level, popupId);
    setAcknowledged(popupId);
  }, [level, popupId]);

  const [tab, setTab] = useState<ListTab>('history');
  const verify = useCallback((periodId: string) => navigateTo(`${routes.gameVerify}?periodId=${periodId}`), [navigateTo]);

  return (
    <>
      {session.isPending ? (
        <PageLoading />
      ) : session.isError && !session.data ? (
        <ErrorBlock message={errorMessage(session.error)} onRetry={() => void refetch()} />
      ) : (
        session.data && <SessionCard session={session.data} clock={clock} coin={coin} balance={balances[coin]} />
      )}
      {!live && (
        <p className="muted live-note" role="status">
          {t('game.reconnecting')}
        </p>
      )}
      <DrawStrip results={results.data?.pages[0]?.content} />
      <BetBoard room={room} open={clock.bettingOpen && session.data !== undefined} onChoose={choose} />
      {sheetOpen && session.data && (
        <BetSheet
          room={room}
          periodId={session.data.periodId}
          betLeft={clock.bet}
          form={form}
          onChange={change}
          coin={coin}
          onCoin={chooseCoin}
          balances={balances}
          problem={problem}
          failure={failure}
          pending={placeBet.isPending}
          open={clock.bettingOpen}
          onConfirm={confirm}
          onClose={() => setSheetOpen(false)}
        />
      )}
      <OddsCard room={room} />
      <section className="card fair-card">
        <p className="muted">{t('game.fairShort')}</p>
        <button type="button" className="btn-link fair-link" onClick={() => navigateTo(routes.gameVerify)} data-testid="how-results">
          {t('game.howResults')}
        </button>
      </section>
      <section className="card">
        <Tabs
          label={t('game.tabs')}
          items={[
            { key: 'history', label: t('game.pastHistory') },
            { key: 'records', label: t('game.myRecords') },
          ]}
          value={tab}
          onChange={setTab}
        >
          {tab === 'history' ? <HistoryList query={results} onVerify={verify} /> : <RecordList query={records} />}
        </Tabs>
      </section>
      {popup && !sheetOpen && <ResultPopup key={popup.session.id} popup={popup} onAcknowledge={acknowledge} />}
    </>
  );
}
