import { describe, expect, it } from 'vitest';
import { CONFIRM_BUTTON_ID, confirmAction, popupOf } from './dialog';

describe('popupOf', () => {
  it('puts the confirming button first, red when destructive, then Telegram’s own Cancel', () => {
    expect(popupOf({ title: 'Remove this bank card?', message: 'HDFC 1234', confirm: 'Remove', destructive: true })).toEqual({
      title: 'Remove this bank card?',
      message: 'HDFC 1234',
      buttons: [
        { id: CONFIRM_BUTTON_ID, type: 'destructive', text: 'Remove' },
        { id: 'cancel', type: 'cancel' },
      ],
    });
    expect(popupOf({ message: 'Log out?', confirm: 'Log out', destructive: false }).buttons[0]).toMatchObject({ type: 'default' });
    expect(popupOf({ message: 'Log out?', confirm: 'Log out', destructive: false })).not.toHaveProperty('title');
  });

  it('keeps within Telegram’s limits (title and button 64, message 256), which it refuses otherwise', () => {
    const popup = popupOf({ title: 't'.repeat(100), message: 'm'.repeat(300), confirm: 'c'.repeat(70), destructive: true });
    expect(popup.title).toHaveLength(64);
    expect(popup.message).toHaveLength(256);
    expect(popup.message.endsWith('…')).toBe(true);
    const button = popup.buttons[0];
    expect(button && 'text' in button ? button.text : '').toHaveLength(64);
  });
});

describe('confirmAction outside Telegram', () => {
  it('waits for the app’s dialog: a newer question answers an older one with no', async () => {
    const first = confirmAction({ message: 'First?', confirm: 'Yes', destructive: false });
    void confirmAction({ message: 'Second?', confirm: 'Yes', destructive: false });
    await expect(first).resolves.toBe(false);
  });
});
