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
                    <BankCardRow card={card} onEdit={() => setEditing({ mode: 'edit', card })} onRemove={() => setRemoving(card)} />
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
        <RemoveCardSheet card={removing} pending={remove.isPending} onConfirm={confirmRemove} onClose={() => setRemoving(undefined)} />
      )}
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

/** The confirmation before a card is removed. */
function RemoveCardSheet(props: { card: BankCardView; pending: boolean; onConfirm: () => void; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Sheet title={t('bank.removeTitle')} onClose={props.onClose} testId="remove-card-sheet">
      <p>{t('bank.removeText', { bank: props.card.bankName, number: props.card.cardNumber })}</p>
      <div className="sheet-actions">
        <button type="button" className="btn btn-danger-solid" onClick={props.onConfirm} disabled={props.pending}>
          {t('bank.remove')}
        </button>
        <button type="button" className="btn btn-ghost" onClick={props.onClose}>
          {t('common.cancel')}
        </button>
      </div>
    </Sheet>
  );
}
