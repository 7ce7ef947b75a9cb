import type { BankCardView } from '@prism/domain';
import type { UseQueryResult } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Card } from '../../../components/Card';
import { EmptyState } from '../../../components/EmptyState';
import { QueryView } from '../../../components/QueryView';
import { errorMessage } from '../../../lib/api';
import { confirmAction } from '../../../lib/dialog';
import { useThrottled } from '../../../lib/throttle';
import { toast, toastError } from '../../../lib/toast';
import { useRemoveBankCard } from '../api/bankCards';
import { BankCardForm } from './BankCardForm';

type Editing = { mode: 'add' } | { mode: 'edit'; card: BankCardView } | undefined;

/** The user's bank cards (masked), add and edit, and remove after a confirmation. */
export function BankCards({ cards }: { cards: UseQueryResult<BankCardView[]> }) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState<Editing>();
  const remove = useRemoveBankCard();

  // Removing cannot be undone: Telegram's popup (or the app's dialog) with a red Remove.
  const askRemove = useThrottled(async (card: BankCardView) => {
    const confirmed = await confirmAction({
      title: t('bank.removeTitle'),
      message: t('bank.removeText', { bank: card.bankName, number: card.cardNumber }),
      confirm: t('bank.remove'),
      destructive: true,
    });
    if (!confirmed) return;
    remove.mutate(card.id, {
      onSuccess: () => toast(t('bank.removed')),
      onError: (error) => toastError(errorMessage(error)),
    });
  });

  return (
    <Card title={t('bank.cards')}>
      <QueryView query={cards}>
        {(list) => (
          <div className="stack">
            {list.length === 0 && !editing && <EmptyState message={t('bank.noCards')} />}
            {list.length > 0 && (
              <ul className="rows" aria-label={t('bank.cards')} data-testid="bank-cards">
                {list.map((card) => (
                  <li key={card.id} className="row bank-card">
                    <BankCardRow card={card} onEdit={() => setEditing({ mode: 'edit', card })} onRemove={() => askRemove(card)} />
                  </li>
                ))}
              </ul>
            )}
            {editing ? (
              <BankCardForm
                key={editing.mode === 'edit' ? editing.card.id : 'add'}
                {...(editing.mode === 'edit' ? { card: editing.card } : {})}
                onDone={() => setEditing(undefined)}
                onCancel={() => setEditing(undefined)}
              />
            ) : (
              <button type="button" className="btn btn-primary" onClick={() => setEditing({ mode: 'add' })} data-testid="bank-add">
                {t('bank.add')}
              </button>
            )}
          </div>
        )}
      </QueryView>
    </Card>
  );
}

/** One card, masked: bank, number, holder and IFSC, with Edit and Remove. */
function BankCardRow({ card, onEdit, onRemove }: { card: BankCardView; onEdit: () => void; onRemove: () => void }) {
  const { t } = useTranslation();
  return (
    <>
      <div className="record-main">
        <span className="record-title">
          {card.bankName} <span dir="ltr">{card.cardNumber}</span>
        </span>
        <span className="muted">
          {card.holderName} · <span dir="ltr">{card.ifsc}</span>
        </span>
      </div>
      <div className="row-actions">
        <button type="button" className="btn btn-ghost btn-small" onClick={onEdit}>
          {t('bank.edit')}
        </button>
        <button
          type="button"
          className="btn btn-ghost btn-small btn-ghost-danger"
          onClick={onRemove}
          aria-label={t('bank.removeCard', { bank: card.bankName, number: card.cardNumber })}
        >
          {t('bank.remove')}
        </button>
      </div>
    </>
  );
}
