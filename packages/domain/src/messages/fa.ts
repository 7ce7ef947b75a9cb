import { faCatalogue } from './catalogue/fa';
import type { MessageTable } from './index';
import { operatorMessagesInEnglish } from './operatorEnglish';
import { faValidation } from './validation/fa';

/** Persian, whole: the catalogue's, the operators' (the console is English first) and the validation messages, each in its own module (the web loads them apart). */
export const fa: MessageTable = { ...faCatalogue, ...operatorMessagesInEnglish, ...faValidation };
