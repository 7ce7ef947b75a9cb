import { enUS } from '@prism/domain/messages/en-US';
import { addEnglishMessages, addPart, type PartLoaders } from './messages';

const catalogueParts: PartLoaders = {
  'zh-TW': () => import('@prism/domain/messages/catalogue/zh-TW').then((module) => module.zhTWCatalogue),
  vi: () => import('@prism/domain/messages/catalogue/vi').then((module) => module.viCatalogue),
  fa: () => import('@prism/domain/messages/catalogue/fa').then((module) => module.faCatalogue),
  ar: () => import('@prism/domain/messages/catalogue/ar').then((module) => module.arCatalogue),
};

/**
 * The error catalogue's texts in the namespace `msg`: imported by the layout of the pages beyond
 * login (app/layouts/FullLayout), the only pages that translate its keys, so that the login page
 * does not download them (docs/performance.md, "The web app"). English (the fallback) is in place
 * before any of those pages renders; the language in use's part (catalogue/<locale>.ts) loads now,
 * and the layout waits for it (`catalogueMessagesAdded`); a language switched to loads its part
 * then. The validation messages are lib/messages.ts's.
 */
addEnglishMessages(enUS);
export const catalogueMessagesAdded = addPart(catalogueParts);
