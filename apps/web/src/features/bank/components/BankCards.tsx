import type { BankCardView } from '@prism/domain';
import type { UseQueryResult } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Card } from '../../../components/Card';
import { EmptyState } from '../../../components/EmptyState';
import { QueryView } from '../../../components/QueryView';
import { Sheet } from '../../../components/Sheet';
import { errorMessage } from '../../../lib/api';
import { useThrottled } from '../../../lib/throttle';
import { toast, toastError } from '../../../lib/toast';
import { useRemoveBankCard } from '../api/bankCards';
import { BankCardForm } from './BankCardForm';

type Editing = { mode: 'add' } | { mode: 'edit'; card: BankCardView } | undefined;

/** The user's bank cards (masked), add and edit, and remove after a confirmation. */
export function BankCards({ cards }: { cards: UseQueryResult<BankCardView[]> }) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState<Editing>();
  const [removing, setRemoving] = useState<BankCardView>();
  const remove = useRemoveBankCard();

  const confirmRemove = useThrottled(() => {
    if (!removing) return;
    remove.mutate(removing.id, {
      onSuccess: () => {
        toast(t('bank.removed'));
        setRemoving(undefined);
      },
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
                    <div className="record-main">
                      <span className="record-title">
                        {card.bankName} <span dir="ltr">{card.cardNumber}</span>
                      </span>
                      <span className="muted">
                        {card.holderName} · <span dir="ltr">{card.ifsc}</span>
                      </span>
                    </div>
                    <div className="row-actions">
                      <button type="button" className="btn btn-ghost btn-small" onClick={() => setEditing({ mode: 'edit', card })}>
                        {t('bank.edit')}
                      </button>
                      <button
                        type="button"
                        className="btn btn-ghost btn-small btn-ghost-danger"
                        onClick={() => setRemoving(card)}
                        aria-label={t('bank.removeCard', { bank: card.bankName, number: card.cardNumber })}
                      >
                        {t('bank.remove')}
                      </button>
                    </div>
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
      {removing && (
        <Sheet title={t('bank.removeTitle')} onClose={() => setRemoving(undefined)} testId="remove-card-sheet">
          <p>{t('bank.removeText', { bank: removing.bankName, number: removing.cardNumber })}</p>
          <div className="sheet-actions">
            <button type="button" className="btn btn-danger-solid" onClick={confirmRemove} disabled={remove.isPending}>
              {t('bank.remove')}
            </button>
            <button type="button" className="btn btn-ghost" onClick={() => setRemoving(undefined)}>
              {t('common.cancel')}
            </button>
          </div>
        </Sheet>
      )}
    </Card>
  );
}
