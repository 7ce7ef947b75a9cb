import { type BankCardView, routes, USDT_NETWORKS, type UsdtWalletType, type WalletCurrency, type WalletView } from '@prism/domain';
import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { QueryView } from '../../../components/QueryView';
import { useNavigation } from '../../../lib/navigation';

export interface DestinationProps {
  currency: WalletCurrency;
  cards: UseQueryResult<BankCardView[]>;
  wallets: UseQueryResult<WalletView[]>;
  chosenCardId: number | undefined;
  onCard: (id: number) => void;
  network: UsdtWalletType;
  onNetwork: (name: UsdtWalletType) => void;
  boundAddress: string | undefined;
  error: string | undefined;
}

/** Where the money goes: one of the user's bank cards (CASH) or the address bound on a network (USDT). */
export function Destination({ currency, error, ...props }: DestinationProps) {
  const { t } = useTranslation();
  return (
    <fieldset className="choice">
      <legend className="field-label">{t('withdraw.destination')}</legend>
      {currency === 'CASH' ? <BankCardChoice {...props} /> : <AddressChoice {...props} />}
      {error && <p className="field-error">{error}</p>}
    </fieldset>
  );
}

/** A way to add what is missing: the message of the refusal, and a button to the page that fixes it. */
function Missing({ message, action }: { message: string; action: string }) {
  const { navigateTo } = useNavigation();
  return (
    <div className="missing">
      <p>{message}</p>
      <button type="button" className="btn btn-ghost btn-small" onClick={() => navigateTo(routes.bankCard)}>
        {action}
      </button>
    </div>
  );
}

function BankCardChoice({ cards, chosenCardId, onCard }: Pick<DestinationProps, 'cards' | 'chosenCardId' | 'onCard'>) {
  const { t } = useTranslation();
  const { t: tm } = useTranslation('msg');
  const { navigateTo } = useNavigation();
  return (
    <QueryView query={cards}>
      {(list) =>
        list.length === 0 ? (
          <Missing message={tm('BANK_CARD_REQUIRED')} action={t('withdraw.addBankCard')} />
        ) : (
          <div className="option-list">
            {list.map((card) => (
              <label key={card.id} className="option">
                <input type="radio" name="bankCardId" checked={chosenCardId === card.id} onChange={() => onCard(card.id)} />
                <span className="option-text">
                  {card.bankName} <span dir="ltr">{card.cardNumber}</span>
                  <span className="muted"> · {card.holderName}</span>
                </span>
              </label>
            ))}
            <button type="button" className="btn-link" onClick={() => navigateTo(routes.bankCard)}>
              {t('withdraw.addBankCard')}
            </button>
          </div>
        )
      }
    </QueryView>
  );
}

function AddressChoice({
  wallets,
  network,
  onNetwork,
  boundAddress,
}: Pick<DestinationProps, 'wallets' | 'network' | 'onNetwork' | 'boundAddress'>) {
  const { t } = useTranslation();
  const { t: tm } = useTranslation('msg');
  return (
    <div className="stack">
      <div className="chips">
        {USDT_NETWORKS.map((name) => (
          <button
            key={name}
            type="button"
            className="chip"
            aria-pressed={network === name}
            onClick={() => onNetwork(name)}
            data-testid={`withdraw-network-${name}`}
          >
            {name}
          </button>
        ))}
      </div>
      <QueryView query={wallets}>
        {() =>
          boundAddress ? (
            <code className="address address-box" data-testid="withdraw-address">
              {boundAddress}
            </code>
          ) : (
            <Missing message={tm('ADD_ADDRESS_FIRST')} action={t('withdraw.bindAddress')} />
          )
        }
      </QueryView>
    </div>
  );
}
