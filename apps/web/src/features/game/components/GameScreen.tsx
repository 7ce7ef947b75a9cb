import type { GameLevel } from '@prism/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/EmptyState';
import { ErrorBlock } from '../../../components/ErrorBlock';
import { PageLoading } from '../../../components/PageLoading';
import { QueryView } from '../../../components/QueryView';
import { Tabs } from '../../../components/Tabs';
import { errorMessage } from '../../../lib/api';
import { isolate } from '../../../lib/bidi';
import { useGameRooms } from '../api/rooms';
import { useRoomName } from '../roomName';
import { useBetSheet } from '../useBetSheet';
import { useResultPopup } from '../useResultPopup';
import { type RoomFeed, useRoomFeed } from '../useRoomFeed';
import { BetBoard } from './BetBoard';
import { type Balances, BetSheet } from './BetSheet';
import { DrawStrip } from './DrawStrip';
import { OddsCard } from './OddsCard';
import { ResultPopup } from './ResultPopup';
import { FairCard, RoomLists } from './RoomLists';
import { SessionCard } from './SessionCard';

export type { Balances } from './BetSheet';

/**
 * /pages/game/game: the rooms as tabs; in the chosen room the open session with
 * its countdowns, the previous draws, the bets, odds and return to player, past
 * history (the default tab), my records and the trend chart, and the result popup. Live events
 * keep it current; while they are down it polls.
 */
export function GameScreen({ balances, demo, initialRoom }: { balances: Balances; demo: boolean; initialRoom?: string | undefined }) {
  const rooms = useGameRooms();
  return (
    <QueryView query={rooms} skeleton="game">
      {(list) => <Rooms rooms={list.filter((room) => room.enableFlag)} balances={balances} demo={demo} initialRoom={initialRoom} />}
    </QueryView>
  );
}

function Rooms({
  rooms,
  balances,
  demo,
  initialRoom,
}: {
  rooms: GameLevel[];
  balances: Balances;
  demo: boolean;
  initialRoom: string | undefined;
}) {
  const { t } = useTranslation();
  const roomName = useRoomName();
  const [chosen, setChosen] = useState(() => rooms.find((room) => String(room.level) === initialRoom)?.level ?? rooms[0]?.level);
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
          items={rooms.map((entry) => ({ key: String(entry.level), label: isolate(roomName(entry)) }))}
          value={String(room.level)}
          onChange={(key) => setChosen(Number(key))}
        >
          <Room key={room.level} room={room} balances={balances} />
        </Tabs>
      </div>
    </div>
  );
}

function Room({ room, balances }: { room: GameLevel; balances: Balances }) {
  const { t } = useTranslation();
  const feed = useRoomFeed(room.level);
  const { session, clock } = feed;
  const sheet = useBetSheet(room, session.data, clock.bettingOpen);
  const { popup, acknowledge } = useResultPopup(room.level, feed.results.data, feed.records.data);
  return (
    <>
      <SessionArea room={room} feed={feed} coin={sheet.coin} balance={balances[sheet.coin]} />
      {!feed.live && (
        <p className="muted live-note" role="status">
          {t('game.reconnecting')}
        </p>
      )}
      <DrawStrip results={feed.results.data?.pages[0]?.content} />
      <BetBoard room={room} open={clock.bettingOpen && session.data !== undefined} onChoose={sheet.choose} />
      {sheet.open && session.data && (
        <BetSheet
          room={room}
          periodId={session.data.periodId}
          betLeft={clock.bet}
          form={sheet.form}
          onChange={sheet.edit}
          coin={sheet.coin}
          coins={sheet.coins}
          onCoin={sheet.chooseCoin}
          balances={balances}
          problem={sheet.problem}
          failure={sheet.failure}
          pending={sheet.pending}
          open={clock.bettingOpen}
          onConfirm={sheet.confirm}
          onClose={sheet.close}
        />
      )}
      <OddsCard room={room} />
      <FairCard beacon={session.data?.beaconName} />
      <RoomLists level={room.level} results={feed.results} records={feed.records} />
      {popup && !sheet.open && <ResultPopup key={popup.session.id} popup={popup} onAcknowledge={acknowledge} />}
    </>
  );
}

/** The open session, or its loading state or error. */
function SessionArea({ room, feed, coin, balance }: { room: GameLevel; feed: RoomFeed; coin: string; balance: string | undefined }) {
  const roomName = useRoomName();
  const { session, clock } = feed;
  if (session.isPending) return <PageLoading shape="card" />;
  if (session.isError && !session.data) return <ErrorBlock message={errorMessage(session.error)} onRetry={() => void session.refetch()} />;
  return session.data ? <SessionCard session={session.data} roomName={roomName(room)} clock={clock} coin={coin} balance={balance} /> : null;
}
