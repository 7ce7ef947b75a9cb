import type { GameLevel } from '@prism/domain';
import { useTranslation } from 'react-i18next';
import { ConfirmButton } from '../../../components/ConfirmButton';
import { Form } from '../../../components/Form';
import { Sheet } from '../../../components/Sheet';
import { SpendSummary } from '../../../components/SpendConfirm';
import { isolate } from '../../../lib/bidi';
import { formatAmount, formatShort, toMinor } from '../../../lib/money';
import { type BetCheck, type BetForm, betTotal, canStepMultiples, multipleSteps, stepMultiples } from '../betForm';
import { useBetLabel } from '../betLabel';
import { formatCountdown } from '../clock';
import type { GamePlayCoin } from '../prefs';

export type Balances = Record<GamePlayCoin, string | undefined>;

/**
 * The bet sheet: the chosen bet, a base amount from the room's list, the
 * multiples (- and + step through the room's list), the total (base x
 * multiples) before confirming, and the coin with its balance.
 */
export function BetSheet({
  room,
  periodId,
  betLeft,
  form,
  onChange,
  coin,
  coins,
  onCoin,
  balances,
  problem,
  failure,
  pending,
  open,
  onConfirm,
  onClose,
}: {
  room: Pick<GameLevel, 'betBaseAmount' | 'betMultiple'>;
  periodId: string;
  /** Seconds left to bet in the period. */
  betLeft: number;
  form: BetForm;
  onChange: (form: BetForm) => void;
  coin: GamePlayCoin;
  /** The coins offered for a bet (GAME_BET_COINS): only those a user can hold. */
  coins: readonly GamePlayCoin[];
  onCoin: (coin: GamePlayCoin) => void;
  balances: Balances;
  /** What the last confirm found missing (shown until the form changes). */
  problem: BetCheck | undefined;
  /** The server's answer to the last confirm ('Error Session', 'Insufficient balance', ...). */
  failure: string | undefined;
  pending: boolean;
  /** Betting is open for the period. */
  open: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const label = useBetLabel();
  const steps = multipleSteps(room.betMultiple);
  const total = betTotal(form.baseAmount, form.multiples);
  const message = failure ?? (!open ? t('game.check.bettingClosed') : problem ? t(`game.check.${problem}`) : undefined);
  return (
    <Sheet title={t('game.sheetTitle', { bet: label(form.betName) })} onClose={onClose} testId="bet-sheet">
      <SheetMeta periodId={periodId} betLeft={betLeft} />
      <Form onSubmit={onConfirm} className="bet-form">
        <BaseChoice bases={room.betBaseAmount} form={form} onChange={onChange} />
        <MultiplesStepper steps={steps} form={form} onChange={onChange} />
        <CoinChoice coin={coin} coins={coins} onCoin={onCoin} balances={balances} />
        <BetTotal form={form} total={total} coin={coin} />
        {/* The sheet is the bet's confirmation: the stake and the balance after, as every spend shows. */}
        <SpendSummary spend={{ amount: toMinor(total), coin, balance: balances[coin] }} />
        {message && (
          <p className="field-error" role="alert" data-testid="bet-problem">
            {message}
          </p>
        )}
        <ConfirmButton label={t('game.confirm')} pending={pending} disabled={!open} onConfirm={onConfirm} testId="bet-confirm" />
      </Form>
    </Sheet>
  );
}

/** The period and the seconds left to bet in it. */
function SheetMeta({ periodId, betLeft }: { periodId: string; betLeft: number }) {
  const { t } = useTranslation();
  return (
    <p className="muted bet-sheet-meta">
      <span>
        {t('game.period')} <bdi className="ltr-number">{periodId}</bdi>
      </span>
      <span>
        {t('game.betCountdown')}{' '}
        <bdi className="ltr-number" data-testid="sheet-countdown">
          {formatCountdown(betLeft)}
        </bdi>
      </span>
    </p>
  );
}

type FormProps = { form: BetForm; onChange: (form: BetForm) => void };

/** The room's base amounts, one chosen. */
function BaseChoice({ bases, form, onChange }: FormProps & { bases: readonly string[] }) {
  const { t } = useTranslation();
  return (
    <fieldset className="choice">
      <legend className="field-label">{t('game.baseAmount')}</legend>
      <div className="chips">
        {bases.map((base) => {
          const text = formatShort(base);
          return (
            <button
              key={base}
              type="button"
              className="chip"
              aria-pressed={formatAmount(form.baseAmount) === formatAmount(base)}
              onClick={() => onChange({ ...form, baseAmount: base })}
              data-testid={`bet-base-${text}`}
            >
              {text}
            </button>
          );
        })}
      </div>
    </fieldset>
  );
}

/** - and + step through the room's multiples. */
function MultiplesStepper({ steps, form, onChange }: FormProps & { steps: readonly number[] }) {
  const { t } = useTranslation();
  return (
    <fieldset className="choice">
      <legend className="field-label">{t('game.multiples')}</legend>
      <div className="stepper multiples">
        <button
          type="button"
          className="stepper-button"
          aria-label={t('game.fewer')}
          disabled={!canStepMultiples(form.multiples, -1, steps)}
          onClick={() => onChange({ ...form, multiples: stepMultiples(form.multiples, -1, steps) })}
          data-testid="multiples-minus"
        >
          −
        </button>
        <output className="stepper-input multiples-value" aria-live="polite" data-testid="multiples-value">
          ×{form.multiples}
        </output>
        <button
          type="button"
          className="stepper-button"
          aria-label={t('game.more')}
          disabled={!canStepMultiples(form.multiples, 1, steps)}
          onClick={() => onChange({ ...form, multiples: stepMultiples(form.multiples, 1, steps) })}
          data-testid="multiples-plus"
        >
          +
        </button>
      </div>
      <p className="muted">{t('game.multiplesHint', { list: isolate(steps.map((step) => `×${step}`).join(' · ')) })}</p>
    </fieldset>
  );
}

/** The coins offered for a bet, one chosen, with its balance. */
function CoinChoice({
  coin,
  coins,
  onCoin,
  balances,
}: {
  coin: GamePlayCoin;
  coins: readonly GamePlayCoin[];
  onCoin: (coin: GamePlayCoin) => void;
  balances: Balances;
}) {
  const { t } = useTranslation();
  return (
    <fieldset className="choice">
      <legend className="field-label">{t('game.coin')}</legend>
      <div className="chips">
        {coins.map((option) => (
          <button
            key={option}
            type="button"
            className="chip"
            aria-pressed={coin === option}
            onClick={() => onCoin(option)}
            data-testid={`bet-coin-${option}`}
          >
            {option}
          </button>
        ))}
      </div>
      <p className="muted" data-testid="bet-coin-balance">
        {t('game.coinBalance', { amount: isolate(`${formatAmount(balances[coin])} ${coin}`) })}
      </p>
    </fieldset>
  );
}

/** base x multiples = total, in the chosen coin. */
function BetTotal({ form, total, coin }: { form: BetForm; total: string; coin: GamePlayCoin }) {
  const { t } = useTranslation();
  return (
    <div className="bet-total" data-testid="bet-total">
      <span>{t('game.total')}</span>
      <span className="bet-total-value ltr-number">
        <span className="muted">
          {formatShort(form.baseAmount)} × {form.multiples} ={' '}
        </span>
        <strong data-testid="bet-total-value">
          {total} {coin}
        </strong>
      </span>
    </div>
  );
}
