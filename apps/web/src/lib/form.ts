import type { CodeSent, MessageKey } from '@prism/domain';
import { type ChangeEvent, useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage, fieldErrors, retryAfterOf } from './api';
import './messages';
import { haptics } from './native';
import { toastError } from './toast';

export type Errors<F extends string> = Partial<Record<F, string>>;

/** What asking for a code gave: the code was sent, or it was refused as too soon; either way, the seconds until the next. */
export type CodeAnswer = Pick<CodeSent, 'resendIn'> & { refused?: true };
/** A code asked for too soon: the seconds the server says to wait. */
export interface CodeRefused {
  resendIn: number;
  refused: true;
}

/** What `bind` gives one input: spread it onto a Field or one of the ready-made fields in components/. */
export interface FieldBinding {
  name: string;
  value: string;
  error: string | undefined;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
}

/**
 * Splits a failed submit into messages under the form's own fields (server
 * validation names the field) and, for anything else, a toast.
 */
export function splitServerError<F extends string>(error: unknown, fields: readonly F[]): { fields: Errors<F>; toast?: string } {
  const byField = fieldErrors(error);
  const mine: Errors<F> = {};
  for (const field of fields) {
    const message = byField[field];
    if (message) mine[field] = message;
  }
  return Object.keys(mine).length > 0 ? { fields: mine } : { fields: mine, toast: errorMessage(error) };
}

/** Values, per-field errors and input bindings of a small form; typing in a field clears its error. */
export function useForm<F extends string>(initial: Record<F, string>) {
  const { t } = useTranslation('msg');
  const [values, setValues] = useState(initial);
  const [start] = useState(initial);
  // Input the user has typed and not sent: what the closing confirmation protects (lib/native.ts).
  const dirty = (Object.keys(start) as F[]).some((field) => values[field] !== start[field]);
  const [errors, setErrors] = useState<Errors<F>>({});

  const bind = useCallback(
    (field: F): FieldBinding => ({
      name: field,
      value: values[field],
      error: errors[field],
      onChange: (event: ChangeEvent<HTMLInputElement>) => {
        const value = event.target.value;
        setValues((current) => ({ ...current, [field]: value }));
        setErrors((current) => ({ ...current, [field]: undefined }));
      },
    }),
    [values, errors],
  );

  /** Shows validation keys from @prism/domain, translated; returns true when the form is valid. */
  const check = useCallback(
    (found: Partial<Record<F, MessageKey>>): boolean => {
      const translated: Errors<F> = {};
      for (const [field, key] of Object.entries(found) as [F, MessageKey | undefined][]) {
        if (key) translated[field] = t(key);
      }
      setErrors(translated);
      const valid = Object.keys(translated).length === 0;
      if (!valid) haptics.error();
      return valid;
    },
    [t],
  );

  /** Shows a failed request: field messages under the fields, anything else as a toast. */
  const fail = useCallback(
    (error: unknown) => {
      haptics.error();
      const split = splitServerError(error, Object.keys(initial) as F[]);
      setErrors(split.fields);
      if (split.toast) toastError(split.toast);
    },
    [initial],
  );

  const { attempt, attemptCode } = useFormRequests(fail);

  return { values, setValues, errors, setErrors, bind, check, fail, attempt, attemptCode, dirty };
}

/** A form's requests that are not its submit (sending a code): a failure is shown as the form's `fail` shows it. */
function useFormRequests(fail: (error: unknown) => void) {
  /**
   * Runs a request that is not the submit but belongs to this form (sending a code):
   * a failure is shown as `fail` shows it, and the answer is then undefined.
   */
  const attempt = useCallback(
    async <T>(request: () => Promise<T>): Promise<T | undefined> => {
      try {
        return await request();
      } catch (error) {
        fail(error);
        return undefined;
      }
    },
    [fail],
  );

  /**
   * Asks for a verification code (what SendCodeButton's `onSend` returns): a failure is shown as
   * `fail` shows it; a refusal because the last code is too recent answers how long to wait, so the
   * button counts those seconds down (after leaving the page, or in another tab).
   */
  const attemptCode = useCallback(
    async <T extends CodeSent>(request: () => Promise<T>): Promise<T | CodeRefused | undefined> => {
      try {
        return await request();
      } catch (error) {
        fail(error);
        const wait = retryAfterOf(error);
        return wait === undefined ? undefined : ({ resendIn: wait, refused: true } satisfies CodeRefused);
      }
    },
    [fail],
  );

  return { attempt, attemptCode };
}
