import { errorCatalogue } from '../errorCatalogue';

type OperatorKey = Extract<keyof typeof errorCatalogue, `OPERATOR_${string}`>;

/**
 * The operator-only messages (the console and the operator API): the console is English first
 * (issue 25), so until they are translated every locale shows the catalogue's English.
 */
export const operatorMessagesInEnglish = Object.fromEntries(
  Object.entries(errorCatalogue)
    .filter(([key]) => key.startsWith('OPERATOR_'))
    .map(([key, entry]) => [key, entry.message]),
) as Record<OperatorKey, string>;
