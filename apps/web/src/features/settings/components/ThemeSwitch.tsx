import { useTranslation } from 'react-i18next';
import { setTheme, useTheme } from '../../../lib/theme';

/** Dark (default) or light theme; a switch, so it reads "Dark theme, on/off". */
export function ThemeSwitch() {
  const { t } = useTranslation();
  const theme = useTheme();
  const dark = theme === 'dark';
  return (
    <button
      type="button"
      role="switch"
      aria-checked={dark}
      className="menu-item"
      onClick={() => setTheme(dark ? 'light' : 'dark')}
      data-testid="theme-switch"
    >
      <span>{t('account.darkTheme')}</span>
      <span className={`switch ${dark ? 'switch-on' : ''}`} aria-hidden="true" />
    </button>
  );
}
