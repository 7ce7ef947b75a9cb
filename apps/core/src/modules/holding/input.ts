import { AppError, PAGE_NO_MAX, PAGE_SIZE_MAX, parseMoney } from '@prism/domain';
import { z } from 'zod';
import { field } from '../../http/validate';

/** The inputs both holding products' routes read. */
export const noInput = z.object({}).strip();
/** Opening a holding (and its quote): which product, how much. */
export const openingInput = z.object({ productId: field.integer(1, 999_999_999), amount: field.money() });
export const pageQuery = z.object({
  pageNo: field.integer(1, PAGE_NO_MAX).optional(),
  pageSize: field.integer(1, PAGE_SIZE_MAX).optional(),
});

/** A rate typed as a percent with at most 2 decimals ("0.80" = 0.80%), stored as basis points. */
export function percentToBp(text: string | undefined, fieldName: string, max: number): number | undefined {
  if (text === undefined) return undefined;
  const parsed = parseMoney(text.replace(/%$/, ''));
  if (!parsed.ok || parsed.value > BigInt(max)) throw AppError.invalid({ [fieldName]: 'FIELD_INVALID' });
  return Number(parsed.value);
}

/** An operator's on/off flag ("true"/"false") as a boolean, undefined when not given. */
export const flag = field.oneOf(['true', 'false']).optional();
export const asBool = (value: 'true' | 'false' | undefined) => (value === undefined ? undefined : value === 'true');
