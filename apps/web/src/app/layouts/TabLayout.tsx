import { Outlet } from 'react-router-dom';
import { LevelBadge } from '../../features/level/components/LevelBadge';
import { UserChip } from '../../features/user/components/UserChip';
import { BottomNav } from './BottomNav';
import { LangButton } from './LangButton';

/** The four tab pages: a top bar with the user chip, the level badge and the language icon, the bottom bar. */
export function TabLayout() {
  return (
    <div className="shell shell-tabs">
      <header className="bar top-bar">
        <UserChip />
        <span className="top-bar-end">
          <LevelBadge />
          <LangButton />
        </span>
      </header>
      <main className="content">
        <Outlet />
      </main>
      <BottomNav />
    </div>
  );
}
