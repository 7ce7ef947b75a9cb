import { i18n } from '../../lib/i18n';
import '../../lib/messages';
import { openLinkInApp, openTelegramLinkInApp, telegram } from '../../lib/telegram';
import { toast } from '../../lib/toast';
import { customerServiceAction } from './linkAction';

/** Opens the operator's customer service address, or toasts 'Customer service address not set'. */
export function openCustomerService(address: string | null | undefined): void {
  const action = customerServiceAction(address, telegram().active);
  if (action.kind === 'notSet') {
    toast(i18n.t('CUSTOMER_SERVICE_NOT_SET', { ns: 'msg' }));
    return;
  }
  // A client too old for the SDK call falls back to a new tab.
  if (action.kind === 'telegramLink' && openTelegramLinkInApp(action.url)) return;
  if (action.kind === 'inAppBrowser' && openLinkInApp(action.url)) return;
  window.open(action.url, '_blank', 'noopener,noreferrer');
}
