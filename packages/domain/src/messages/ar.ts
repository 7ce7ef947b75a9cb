import { arCatalogue } from './catalogue/ar';
import type { MessageTable } from './index';
import { operatorMessagesInEnglish } from './operatorEnglish';
import { arValidation } from './validation/ar';

/** Arabic, whole: the catalogue's, the operators' (the console is English first) and the validation messages, each in its own module (the web loads them apart). */
export const ar: MessageTable = { ...arCatalogue, ...operatorMessagesInEnglish, ...arValidation };
