import type { SignInDay, SignInStatus } from '@prism/domain';
import { useTranslation } from 'react-i18next';
import { Card } from '../../../components/Card';
import { ErrorBlock } from '../../../components/ErrorBlock';
import { RewardsRule } from '../../../components/RewardsRule';
import { errorMessage } from '../../../lib/api';
import { useIntent } from '../../../lib/intent';
import { haptics } from '../../../lib/native';
import { toast, toastError } from '../../../lib/toast';
import { useCheckIn, useCheckInStatus } from '../api/checkIn';

/** Home tab: the daily check-in week (checked days, today, rewards to come) and the check-in button. */
export function CheckInCard() {
  const { t } = useTranslation();
  const status = useCheckInStatus();
  return (
    <Card title={t('checkIn.title')} className="sign-in">
      {status.isPending ? (
        <div className="sign-in-week sign-in-loading" aria-busy="true" />
      ) : status.isError ? (
        <ErrorBlock message={errorMessage(status.error)} onRetry={() => void status.refetch()} />
      ) : (
        <CheckInBody status={status.data} />
      )}
    </Card>
  );
}

function CheckInBody({ status }: { status: SignInStatus }) {
  const { t } = useTranslation();
  return (
    <>
      <p className="sign-in-streak" data-testid="sign-in-streak">
        {status.signedToday || status.streakDay > 1
          ? t('checkIn.streak', { days: status.signedToday ? status.streakDay : status.streakDay - 1 })
          : t('checkIn.start')}
      </p>
      <ol className="sign-in-week">
        {status.days.map((day) => (
          <CheckInTile key={day.day} day={day} asset={status.asset} />
        ))}
      </ol>
      <CheckInButton status={status} />
      <RewardsRule />
    </>
  );
}

function CheckInTile({ day, asset }: { day: SignInDay; asset: string }) {
  const { t } = useTranslation();
  const stateLabel = t(`checkIn.state.${day.state}`);
  return (
    <li
      className={`sign-in-day sign-in-${day.state}`}
      data-testid={`sign-in-day-${day.day}`}
      data-state={day.state}
      aria-label={`${t('checkIn.day', { day: day.day })}: ${day.reward} ${asset}, ${stateLabel}`}
    >
      <span className="sign-in-day-label">{t('checkIn.day', { day: day.day })}</span>
      <span className="sign-in-day-reward">{day.state === 'signed' ? '✓' : `+${day.reward}`}</span>
    </li>
  );
}

function CheckInButton({ status }: { status: SignInStatus }) {
  const { t } = useTranslation();
  const mutation = useCheckIn();
  const intent = useIntent();
  const submit = () => {
    const idempotencyKey = intent.keyFor('checkIn');
    mutation.mutate(
      { idempotencyKey },
      {
        onSuccess: (result) => {
          intent.settle();
          haptics.success();
          toast(t('checkIn.done', { reward: result.reward, asset: result.asset }));
        },
        onError: (error) => {
          intent.settle(error);
          haptics.error();
          toastError(errorMessage(error));
        },
      },
    );
  };
  if (status.signedToday)
    return (
      <button type="button" className="btn btn-primary" disabled data-testid="sign-in-button">
        {t('checkIn.signedToday')}
      </button>
    );
  return (
    <button
      type="button"
      className="btn btn-primary"
      onClick={submit}
      disabled={mutation.isPending}
      aria-busy={mutation.isPending || undefined}
      data-testid="sign-in-button"
    >
      {t('checkIn.action', { reward: status.todayReward, asset: status.asset })}
    </button>
  );
}
