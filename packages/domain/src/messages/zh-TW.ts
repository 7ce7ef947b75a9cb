import { zhTWCatalogue } from './catalogue/zh-TW';
import type { MessageTable } from './index';
import { operatorMessagesInEnglish } from './operatorEnglish';
import { zhTWValidation } from './validation/zh-TW';

/** Traditional Chinese (Taiwan), whole: the catalogue's, the operators' (the console is English first) and the validation messages, each in its own module (the web loads them apart). */
export const zhTW: MessageTable = { ...zhTWCatalogue, ...operatorMessagesInEnglish, ...zhTWValidation };
