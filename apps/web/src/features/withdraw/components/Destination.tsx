import {
  type BankCardView,
  type MessageKey,
  routes,
  USDT_NETWORKS,
  type UsdtWalletType,
  type WalletCurrency,
  type WalletView,
} from '@prism/domain';
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

/** The refusal a missing destination gives (the card or address block already says it), if one is missing now. */
function missingKey({ currency, cards, wallets, boundAddress }: DestinationProps): MessageKey | undefined {
  if (currency === 'CASH') return cards.data?.length === 0 ? 'BANK_CARD_REQUIRED' : undefined;
  return wallets.data && !boundAddress ? 'ADD_ADDRESS_FIRST' : undefined;
}

/**
 * Where the money goes: one of the user's bank cards (CASH) or the address bound on a network (USDT).
 * When the submit is refused because none is there, the block that offers to add one already says
 * so: it is marked as the error instead of the message showing a second time under it.
 */
export function Destination(allProps: DestinationProps) {
  const { currency, error, ...props } = allProps;
  const { t } = useTranslation();
  const { t: tm } = useTranslation('msg');
  const missing = missingKey(allProps);
  const repeated = error !== undefined && missing !== undefined && error === tm(missing);
  return (
    <fieldset className={repeated ? 'choice field-invalid' : 'choice'}>
      <legend className="field-label">{t('withdraw.destination')}</legend>
      {currency === 'CASH' ? <BankCardChoice {...props} refused={repeated} /> : <AddressChoice {...props} refused={repeated} />}
      {error && !repeated && <p className="field-error">{error}</p>}
    </fieldset>
  );
}

/**
 * A way to add what is missing: the message of the refusal, and a button to the page that fixes it.
 * `refused`: a submit was refused for it, so the message is shown as the error (and announced).
 */
function Missing({ message, action, refused }: { message: string; action: string; refused: boolean }) {
  const { navigateTo } = useNavigation();
  return (
    <div className="missing">
      <p className={refused ? 'field-error' : undefined} role={refused ? 'alert' : undefined} data-testid="withdraw-missing">
        {message}
      </p>
      <button type="button" className="btn btn-ghost btn-small" onClick={() => navigateTo(routes.bankCard)}>
        {action}
      </button>
    </div>
  );
}

function BankCardChoice({
  cards,
  chosenCardId,
  onCard,
  refused,
}: Pick<DestinationProps, 'cards' | 'chosenCardId' | 'onCard'> & { refused: boolean }) {
  const { t } = useTranslation();
  const { t: tm } = useTranslation('msg');
  const { navigateTo } = useNavigation();
  return (
    <QueryView query={cards}>
      {(list) =>
        list.length === 0 ? (
          <Missing message={tm('BANK_CARD_REQUIRED')} action={t('withdraw.addBankCard')} refused={refused} />
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
  refused,
}: Pick<DestinationProps, 'wallets' | 'network' | 'onNetwork' | 'boundAddress'> & { refused: boolean }) {
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
            <Missing message={tm('ADD_ADDRESS_FIRST')} action={t('withdraw.bindAddress')} refused={refused} />
          )
        }
      </QueryView>
    </div>
  );
}
