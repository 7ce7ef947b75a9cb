import type { FieldBinding } from '../lib/form';
import { formatAmount } from '../lib/money';
import { Field } from './Field';

export interface AmountFieldProps extends FieldBinding {
  label: string;
  /** The most this form accepts; the button fills it in. */
  max: string;
  /** The button's text ('All', 'Max'). */
  maxLabel: string;
  /** Puts `max` into the field (and clears the field's error). */
  onMax: (amount: string) => void;
  hint?: string | undefined;
  testId: string;
}

/**
 * A money amount typed on the decimal keypad, with a button that fills in the
 * most allowed: the one amount field of the money forms (withdraw, exchange).
 */
export function AmountField({ label, max, maxLabel, onMax, hint, testId, ...binding }: AmountFieldProps) {
  return (
    <Field
      label={label}
      hint={hint}
      inputMode="decimal"
      autoComplete="off"
      data-testid={testId}
      trailing={
        <button type="button" className="btn btn-code" onClick={() => onMax(formatAmount(max))} data-testid={`${testId}-max`}>
          {maxLabel}
        </button>
      }
      {...binding}
    />
  );
}
