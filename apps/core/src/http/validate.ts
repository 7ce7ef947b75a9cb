import {
  AppError,
  type Check,
  checkConfirmPassword,
  hasControlCharacters,
  parseMoney,
  type ValidationKey,
  validationMessages,
} from '@prism/domain';
import { z } from 'zod';

/**
 * Parses request input with a zod schema. Each failing field is reported with
 * a catalogue message key (the specification's wording where it has one).
 */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.infer<S> {
  const parsed = schema.safeParse(input ?? {});
  if (parsed.success) return parsed.data;
  const found: Partial<Record<string, ValidationKey>> = {};
  for (const issue of parsed.error.issues) {
    const field = String(issue.path[0] ?? 'body');
    if (found[field]) continue;
    found[field] = isValidationKey(issue.message) ? issue.message : 'FIELD_INVALID';
  }
  // Report fields in form order, so the message shown is the one of the first wrong field.
  const order = schema instanceof z.ZodObject ? Object.keys(schema.shape) : [];
  const rank = (field: string) => (order.includes(field) ? order.indexOf(field) : order.length);
  const fields = Object.fromEntries(Object.entries(found).sort(([a], [b]) => rank(a) - rank(b)));
  throw AppError.invalid(fields);
}

/**
 * Adds the "passwords are inconsistent" rule to a form with `password` and
 * `confirmPassword`. It runs even when other fields failed, so every wrong
 * field is reported at once.
 */
export function withConfirmedPassword<S extends z.ZodObject<{ password: z.ZodType; confirmPassword: z.ZodType }>>(schema: S): S {
  return schema.superRefine(
    (value, ctx) => {
      const { password, confirmPassword } = value as { password?: unknown; confirmPassword?: unknown };
      const key = checkConfirmPassword(
        typeof password === 'string' ? password : undefined,
        typeof confirmPassword === 'string' ? confirmPassword : '',
      );
      if (key) ctx.addIssue({ code: 'custom', path: ['confirmPassword'], message: key });
    },
    { when: () => true },
  );
}

function isValidationKey(value: string): value is ValidationKey {
  return Object.hasOwn(validationMessages, value);
}

/**
 * The one text refinement: every text field is built on it, so no field takes
 * NUL, other control characters or a lone surrogate (the input guard is the
 * last resort behind it, for any field a schema forgot).
 */
function text(max: number, tooLong: ValidationKey = 'FIELD_INVALID') {
  return z
    .string({ error: 'FIELD_INVALID' })
    .refine((value) => !hasControlCharacters(value), { error: 'TEXT_CONTROL_CHARACTERS', abort: true })
    .max(max, { error: tooLong });
}

/** A decimal amount above zero in minor units, or a validation issue (AMOUNT_FORMAT, AMOUNT_TOO_LARGE, AMOUNT_POSITIVE). */
function positiveMoney(value: string, ctx: z.RefinementCtx): bigint {
  const parsed = parseMoney(value);
  if (!parsed.ok) {
    ctx.addIssue({ code: 'custom', message: parsed.reason === 'range' ? 'AMOUNT_TOO_LARGE' : 'AMOUNT_FORMAT' });
    return z.NEVER;
  }
  if (parsed.value === 0n) {
    ctx.addIssue({ code: 'custom', message: 'AMOUNT_POSITIVE' });
    return z.NEVER;
  }
  return parsed.value;
}

/** Field builders: form values arrive as strings (or as arrays when a key repeats, which is refused). */
export const field = {
  /** Required text, bounded and free of control characters; refine it further as needed. */
  text,
  /** A string run through a domain check; missing counts as empty, so "required" messages apply. */
  checked(check: (value: string) => Check) {
    return text(256)
      .optional()
      .transform((value) => value ?? '')
      .superRefine((value, ctx) => {
        const key = check(value);
        if (key) ctx.addIssue({ code: 'custom', message: key });
      });
  },
  /** Optional free text, trimmed, bounded. */
  optionalText(max: number) {
    return text(max)
      .optional()
      .transform((value) => value?.trim() || undefined);
  },
  /** One of a fixed set of strings. */
  oneOf<const T extends readonly [string, ...string[]]>(values: T) {
    return z.enum(values, { error: 'FIELD_INVALID' });
  },
  /** An amount: a decimal string with at most 2 decimals, above zero; parsed to minor units. */
  money() {
    return z
      .string({ error: 'AMOUNT_FORMAT' })
      .optional()
      .transform((value, ctx) => {
        if (value === undefined || value.trim() === '') {
          ctx.addIssue({ code: 'custom', message: 'AMOUNT_REQUIRED' });
          return z.NEVER;
        }
        return positiveMoney(value, ctx);
      });
  },
  /** An amount as `money()`, or null when missing or empty (e.g. "no limit"). */
  optionalMoney() {
    return z
      .string({ error: 'AMOUNT_FORMAT' })
      .max(32, { error: 'AMOUNT_FORMAT' })
      .optional()
      .transform((value, ctx) => (value === undefined || value.trim() === '' ? null : positiveMoney(value, ctx)));
  },
  /** A non-negative integer written in decimal. */
  integer(min: number, max: number) {
    return z
      .string({ error: 'FIELD_INVALID' })
      .regex(/^\d{1,9}$/, { error: 'FIELD_INVALID' })
      .transform(Number)
      .pipe(z.number().int().min(min, { error: 'FIELD_INVALID' }).max(max, { error: 'FIELD_INVALID' }));
  },
};
