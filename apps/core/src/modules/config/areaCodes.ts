import { AppError } from '@prism/domain';
import type { ConfigService } from './service';

/** Calling codes come from COUNTRY_CODE (specification point 5); the first is the default. */
export function createAreaCodes(config: ConfigService) {
  return {
    async resolve(areaCode: string | undefined): Promise<string> {
      const allowed = await config.countryCodes();
      const chosen = areaCode?.replace(/^\+/, '') ?? allowed[0] ?? '91';
      // The operator's allowed countries (docs/protection.md, "Allowed countries"): a clear refusal, not a generic "invalid value".
      if (!allowed.includes(chosen)) throw AppError.invalid({ areaCode: 'AREA_CODE_NOT_ALLOWED' });
      return chosen;
    },
  };
}

export type AreaCodes = ReturnType<typeof createAreaCodes>;
