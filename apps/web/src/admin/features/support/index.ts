/** The support feature's public door: the conversations list and one conversation with its reply box. */
export { ConversationPage } from './ConversationPage';
export { SupportPage } from './SupportPage';
