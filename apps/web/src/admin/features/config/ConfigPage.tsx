import './config.css';
import type { ReactElement } from 'react';
import { Navigate, NavLink, Route, Routes } from 'react-router-dom';
import { useMe } from '../../lib/session';
import { BroadcastsSection } from './content/BroadcastsSection';
import { ContentSection } from './content/ContentSection';
import { GiftCodesSection } from './giftCodes/GiftCodesSection';
import { LevelsSection } from './levels/LevelsSection';
import { OutboxSection } from './outbox/OutboxSection';
import { FixedDepositSection } from './products/FixedDepositSection';
import { FollowInvestSection } from './products/FollowInvestSection';
import { PowerSection } from './products/PowerSection';
import { RoomsSection } from './rooms/RoomsSection';
import { type CONFIG_SECTIONS, sectionsFor } from './sections';
import { SettingsSection } from './settings/SettingsSection';
import { WalletSection } from './wallet/WalletSection';

const ELEMENTS: Record<(typeof CONFIG_SECTIONS)[number]['path'], ReactElement> = {
  rooms: <RoomsSection />,
  power: <PowerSection />,
  'follow-invest': <FollowInvestSection />,
  'fixed-deposit': <FixedDepositSection />,
  levels: <LevelsSection />,
  'gift-codes': <GiftCodesSection />,
  settings: <SettingsSection />,
  wallet: <WalletSection />,
  content: <ContentSection />,
  broadcasts: <BroadcastsSection />,
  outbox: <OutboxSection />,
};

/**
 * Configuration: one page per kind of setting under /config/*. Every form sends the stamp it read
 * (a stale form is refused by the server); the server audits every change. Only the sections the
 * operator's role may use are listed (the API refuses the others with 403, shown in the section).
 */
export function ConfigPage() {
  const sections = sectionsFor(useMe().permissions);
  const first = sections[0]?.path;
  if (!first) return <p role="alert">Your role has no configuration to manage.</p>;
  return (
    <div className="admin-config">
      <h1>Configuration</h1>
      <nav aria-label="Configuration sections" className="admin-subnav">
        <ul>
          {sections.map((section) => (
            <li key={section.path}>
              <NavLink to={section.path}>{section.label}</NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <Routes>
        <Route index element={<Navigate to={first} replace />} />
        {sections.map((section) => (
          <Route key={section.path} path={`${section.path}/*`} element={ELEMENTS[section.path]} />
        ))}
        <Route path="*" element={<Navigate to={first} replace />} />
      </Routes>
    </div>
  );
}
