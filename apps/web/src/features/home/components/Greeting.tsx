import { useTranslation } from 'react-i18next';

export function Greeting({ name, demo }: { name: string; demo: boolean }) {
  const { t } = useTranslation();
  return (
    <header className="greeting">
      <h1 className="greeting-title">{t('home.greeting', { name })}</h1>
      {demo && (
        <p className="badge badge-demo" data-testid="demo-badge">
          {t('home.demo')}
        </p>
      )}
    </header>
  );
}
