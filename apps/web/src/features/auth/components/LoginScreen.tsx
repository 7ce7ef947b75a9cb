import type { IssuedToken } from '@prism/domain';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import { PageLoading } from '../../../components/PageLoading';
import { telegramSession } from '../../../lib/api';
import { useNavigation } from '../../../lib/navigation';
import { useBarTitle } from '../../../lib/pageTitle';
import type { PageProps, Query } from '../../../lib/query';
import { telegram } from '../../../lib/telegram';
import { useSessionStep } from '../../../lib/telegramSession';
import { setToken } from '../../../lib/token';
import { pickInvitationCode } from '../invitation';
import { returnTarget } from '../returnTo';
import { CountryCodeSelect } from './CountryCodeSelect';
import { DemoNote } from './DemoNote';
import { ForgotPanel } from './ForgotPanel';
import { LoginPanel } from './LoginPanel';
import { RegisterPanel } from './RegisterPanel';

type Panel = 'login' | 'register' | 'forgot';

/** `?panel=register|forgot` opens that panel; an invitation code (someone invited a new user) opens registration. */
export function initialPanel(query: Query, invitationCode: string | undefined): Panel {
  if (query.panel === 'register' || query.panel === 'forgot' || query.panel === 'login') return query.panel;
  return invitationCode ? 'register' : 'login';
}

/** The bar title of each panel: the page is one route, its title follows what it shows. */
const PANEL_TITLES = { login: 'auth.login', register: 'auth.register', forgot: 'auth.forgot' } as const;

/**
 * The login page opened by a linked Telegram user (a link to it, as the first page): Telegram signs
 * them in and the page asked for opens, instead of the phone form. True while that is under way.
 * After Log out the sign-in is over (lib/telegramSession's end()), so the form shows.
 */
function useTelegramInstead(onSignedIn: () => void): boolean {
  const step = useSessionStep(telegramSession);
  const latest = useRef(onSignedIn);
  latest.current = onSignedIn;
  // Kept until the sign-in's outcome is known: the stored token re-renders this page before the page asked for opens.
  const [waiting, setWaiting] = useState(step === 'telegram');
  useEffect(() => {
    if (step !== 'telegram') return;
    setWaiting(true);
    void telegramSession.ensure().then((ok) => (ok ? latest.current() : setWaiting(false)));
  }, [step]);
  return waiting;
}

/**
 * /pages/login/login: log in (default), register, forgot password. Afterwards the page that was
 * asked for (the login guard keeps it in the history state), else home. The phone typed on one
 * panel is carried to the next (after a password reset, the login form has it).
 */
export function LoginScreen({ query }: PageProps) {
  const { t } = useTranslation();
  const { reLaunch } = useNavigation();
  const { state } = useLocation();
  const invitationCode = pickInvitationCode(query, telegram().startParam);
  const [panel, setPanel] = useState<Panel>(() => initialPanel(query, invitationCode));
  const [areaCode, setAreaCode] = useState<string>();
  const [phone, setPhone] = useState('');
  useBarTitle(t(PANEL_TITLES[panel]));
  const waiting = useTelegramInstead(() => reLaunch(returnTarget(state)));

  const done = (issued: IssuedToken) => {
    setToken(issued);
    reLaunch(returnTarget(state));
  };
  const openPanel = (next: Panel, typedPhone?: string) => {
    if (typedPhone !== undefined) setPhone(typedPhone.trim());
    setPanel(next);
  };
  const countryCode = <CountryCodeSelect value={areaCode} onChange={setAreaCode} />;
  if (waiting) return <PageLoading />;

  return (
    <div className="auth">
      <header className="auth-hero">
        <span className="brand-mark" aria-hidden="true" />
        <p className="auth-brand">{t('common.brand')}</p>
      </header>
      {panel === 'forgot' ? (
        <ForgotPanel areaCode={areaCode} countryCode={countryCode} phone={phone} onBack={(typed) => openPanel('login', typed)} />
      ) : (
        <>
          <div className="segmented" role="tablist" aria-label={t('auth.panels')}>
            {(['login', 'register'] as const).map((name) => (
              <button
                key={name}
                type="button"
                role="tab"
                id={`tab-${name}`}
                aria-selected={panel === name}
                aria-controls="auth-panel"
                className="segmented-item"
                onClick={() => setPanel(name)}
              >
                {t(name === 'login' ? 'auth.login' : 'auth.register')}
              </button>
            ))}
          </div>
          <div role="tabpanel" id="auth-panel" aria-labelledby={`tab-${panel}`}>
            {panel === 'login' ? (
              <LoginPanel
                areaCode={areaCode}
                countryCode={countryCode}
                phone={phone}
                onDone={done}
                onForgot={(typed) => openPanel('forgot', typed)}
              />
            ) : (
              <RegisterPanel areaCode={areaCode} countryCode={countryCode} onDone={done} invitationCode={invitationCode} />
            )}
          </div>
        </>
      )}
      {telegram().initData && <p className="note">{t('auth.telegramNote')}</p>}
      <DemoNote />
    </div>
  );
}
