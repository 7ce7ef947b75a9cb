import { EXCLUSION_PERIODS, type ProtectionSettings, REALITY_CHECK_MINUTES } from '@prism/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Card } from '../../../components/Card';
import { Field } from '../../../components/Field';
import { QueryView } from '../../../components/QueryView';
import { errorMessage } from '../../../lib/api';
import { formatDateTime } from '../../../lib/datetime';
import { confirmAction } from '../../../lib/dialog';
import { toast, toastError } from '../../../lib/toast';
import { useExclude, useProtectionSettings, useSetLimits, useSetRealityInterval } from '../api/protection';

/** Responsible play (docs/protection.md), from the Personal tab: self-exclusion, deposit limits and the reality check. */
export function ProtectionScreen() {
  const { t } = useTranslation();
  const settings = useProtectionSettings();
  return (
    <div className="stack" data-testid="protection-screen">
      <p className="field-hint">{t('protection.intro')}</p>
      <QueryView query={settings}>
        {(current) => (
          <>
            <LimitsCard settings={current} />
            <RealityCard settings={current} />
            <ExclusionCard settings={current} />
          </>
        )}
      </QueryView>
    </div>
  );
}

const PERIODS = ['day', 'week', 'month'] as const;

function LimitsCard({ settings }: { settings: ProtectionSettings }) {
  const { t } = useTranslation();
  const save = useSetLimits();
  const [values, setValues] = useState({
    day: settings.limits.day ?? '',
    week: settings.limits.week ?? '',
    month: settings.limits.month ?? '',
  });
  const pending = settings.pendingLimits;
  const show = (value: string | null) => value ?? t('protection.limits.none');
  return (
    <Card title={t('protection.limits.title')}>
      <p className="field-hint">{t('protection.limits.hint')}</p>
      {PERIODS.map((period) => (
        <Field
          key={period}
          label={t(`protection.limits.${period}`)}
          hint={t('protection.limits.used', { amount: settings.used[period] })}
          inputMode="decimal"
          placeholder={t('protection.limits.none')}
          data-testid={`limit-${period}`}
          value={values[period]}
          onChange={(event) => setValues({ ...values, [period]: event.target.value })}
        />
      ))}
      {pending && settings.pendingFrom && (
        <p className="field-hint" data-testid="limits-pending">
          {t('protection.limits.pending', {
            time: formatDateTime(settings.pendingFrom),
            day: show(pending.day),
            week: show(pending.week),
            month: show(pending.month),
          })}
        </p>
      )}
      <button
        type="button"
        className="btn btn-primary"
        disabled={save.isPending}
        data-testid="limits-save"
        onClick={() =>
          save.mutate(values, { onSuccess: () => toast(t('protection.saved')), onError: (error) => toastError(errorMessage(error)) })
        }
      >
        {t('protection.limits.save')}
      </button>
    </Card>
  );
}

function RealityCard({ settings }: { settings: ProtectionSettings }) {
  const { t } = useTranslation();
  const save = useSetRealityInterval();
  return (
    <Card title={t('protection.reality.title')}>
      <p className="field-hint">{t('protection.reality.hint')}</p>
      <fieldset className="choice">
        <legend className="field-label">{t('protection.reality.every')}</legend>
        <div className="choice-options">
          {REALITY_CHECK_MINUTES.map((minutes) => (
            <label key={minutes} className="choice-option">
              <input
                type="radio"
                name="reality"
                checked={settings.realityCheckMinutes === minutes}
                onChange={() =>
                  save.mutate(minutes, { onSuccess: () => toast(t('protection.saved')), onError: (e) => toastError(errorMessage(e)) })
                }
              />
              <span>{minutes === 0 ? t('protection.reality.off') : t('protection.reality.minutes', { n: minutes })}</span>
            </label>
          ))}
        </div>
      </fieldset>
    </Card>
  );
}

function ExclusionCard({ settings }: { settings: ProtectionSettings }) {
  const { t } = useTranslation();
  const exclude = useExclude();
  const [period, setPeriod] = useState<string>(EXCLUSION_PERIODS[0]);
  const [until, setUntil] = useState('');
  const submit = async () => {
    // It cannot be undone: Telegram's popup (or the app's dialog) with a red confirming button.
    const confirmed = await confirmAction({
      title: t('protection.exclusion.title'),
      message: t('protection.exclusion.confirm'),
      confirm: t('protection.exclusion.save'),
      destructive: true,
    });
    if (!confirmed) return;
    exclude.mutate(until ? { until } : { period }, {
      onSuccess: () => toast(t('protection.saved')),
      onError: (error) => toastError(errorMessage(error)),
    });
  };
  return (
    <Card title={t('protection.exclusion.title')}>
      <p className="field-hint" data-testid="exclusion-state">
        {settings.excludedUntil
          ? t('protection.exclusion.active', { time: formatDateTime(settings.excludedUntil) })
          : t('protection.exclusion.hint')}
      </p>
      <fieldset className="choice">
        <legend className="field-label">{t('protection.exclusion.period')}</legend>
        <div className="choice-options">
          {EXCLUSION_PERIODS.map((option) => (
            <label key={option} className="choice-option">
              <input
                type="radio"
                name="exclusion"
                checked={!until && period === option}
                onChange={() => {
                  setPeriod(option);
                  setUntil('');
                }}
              />
              <span>{t(`protection.exclusion.periods.${option}`)}</span>
            </label>
          ))}
        </div>
      </fieldset>
      <Field label={t('protection.exclusion.until')} type="date" value={until} onChange={(event) => setUntil(event.target.value)} />
      <button
        type="button"
        className="btn btn-danger"
        disabled={exclude.isPending}
        data-testid="exclusion-save"
        onClick={() => void submit()}
      >
        {t('protection.exclusion.save')}
      </button>
    </Card>
  );
}
