import { errorCatalogue } from '../errorCatalogue';
import { validationMessages } from '../errors';
import type { MessageTable } from './index';

/** English, the fallback: the catalogue's own texts. Its own module so that a client can load one language at a time. */
export const enUS = Object.fromEntries([
  ...Object.entries(errorCatalogue).map(([key, entry]) => [key, entry.message]),
  ...Object.entries(validationMessages),
]) as MessageTable;
