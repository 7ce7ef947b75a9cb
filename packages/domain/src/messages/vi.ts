import { viCatalogue } from './catalogue/vi';
import type { MessageTable } from './index';
import { operatorMessagesInEnglish } from './operatorEnglish';
import { viValidation } from './validation/vi';

/** Vietnamese, whole: the catalogue's, the operators' (the console is English first) and the validation messages, each in its own module (the web loads them apart). */
export const vi: MessageTable = { ...viCatalogue, ...operatorMessagesInEnglish, ...viValidation };
