import type { Money } from '@prism/domain';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { parseAmountInput } from '../../../lib/money';
import { canStepDown, canStepUp, type StepperBounds, stepAmount, stepperText } from '../stepper';

/**
 * The amount: minus, the amount (it can also be typed), plus. Minus is blocked
 * at the minimum and plus at the maximum; the range and step are shown under it.
 */
export function AmountStepper({
  text,
  bounds,
  error,
  onChange,
}: {
  text: string;
  bounds: StepperBounds;
  error: string | undefined;
  onChange: (text: string) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const parsed = parseAmountInput(text);
  const value: Money | undefined = parsed.ok ? parsed.value : undefined;
  const step = (direction: 1 | -1) => onChange(stepperText(stepAmount(value ?? bounds.min, direction, bounds)));
  const downAllowed = value === undefined ? false : canStepDown(value, bounds);
  const upAllowed = value === undefined ? true : canStepUp(value, bounds);
  return (
    <div className={['field', error ? 'field-invalid' : ''].join(' ').trim()}>
      <label className="field-label" htmlFor={id}>
        {t('recharge.amount')}
      </label>
      <div className="stepper">
        <button
          type="button"
          className="stepper-button"
          onClick={() => step(-1)}
          disabled={!downAllowed}
          aria-label={t('recharge.decrease')}
          data-testid="stepper-minus"
        >
          −
        </button>
        <input
          id={id}
          className="stepper-input"
          inputMode="decimal"
          autoComplete="off"
          value={text}
          onChange={(event) => onChange(event.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={`${id}-range`}
          data-testid="stepper-value"
        />
        <button
          type="button"
          className="stepper-button"
          onClick={() => step(1)}
          disabled={!upAllowed}
          aria-label={t('recharge.increase')}
          data-testid="stepper-plus"
        >
          +
        </button>
      </div>
      <p className="muted" id={`${id}-range`}>
        {t('recharge.range', { min: stepperText(bounds.min), max: stepperText(bounds.max), step: stepperText(bounds.step) })}
      </p>
      {error && <p className="field-error">{error}</p>}
    </div>
  );
}
