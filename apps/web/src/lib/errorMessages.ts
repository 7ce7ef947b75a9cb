import { enUS } from '@prism/domain/messages/en-US';
import { addEnglishMessages } from './messages';

/**
 * The error catalogue's English texts in the namespace `msg` (the fallback of every language):
 * imported by the layout of the pages beyond login (app/layouts/FullLayout), the only pages that
 * translate its keys, so that the login page does not download them (docs/performance.md, "The
 * web app"). They are in place before any of those pages renders.
 */
addEnglishMessages(enUS);
