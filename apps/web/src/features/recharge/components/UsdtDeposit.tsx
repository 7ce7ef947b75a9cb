import { DEFAULT_USDT_NETWORK, USDT_NETWORKS, type UsdtNetwork } from '@prism/domain';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CopyButton } from '../../../components/CopyButton';
import { QueryView } from '../../../components/QueryView';
import { formatShort } from '../../../lib/money';
import { useRechargeAddress } from '../api/rechargeAddress';
import { SimulateDeposit } from './SimulateDeposit';

// The QR library is loaded only when a deposit address is shown.
const QrCode = lazy(() => import('../../../components/QrCode'));

/**
 * USDT deposit: the network (TRC20 by default), the user's address with Copy and a QR code, and the rules;
 * in play-money mode also the DEMO "Simulate a deposit".
 */
export function UsdtDeposit() {
  const { t } = useTranslation();
  const [network, setNetwork] = useState<UsdtNetwork>(DEFAULT_USDT_NETWORK);
  const address = useRechargeAddress(network);
  return (
    <section className="card stack" aria-label={t('recharge.usdtDeposit')}>
      <fieldset className="choice">
        <legend className="field-label">{t('recharge.network')}</legend>
        <div className="chips">
          {USDT_NETWORKS.map((name) => (
            <button
              key={name}
              type="button"
              className="chip"
              aria-pressed={network === name}
              onClick={() => setNetwork(name)}
              data-testid={`network-${name}`}
            >
              {name}
            </button>
          ))}
        </div>
      </fieldset>
      <QueryView query={address}>
        {(deposit) => (
          <div className="deposit">
            <div className="qr-frame">
              <Suspense fallback={<span className="qr-placeholder" />}>
                <QrCode text={deposit.address} label={t('recharge.qr', { network: deposit.walletType })} />
              </Suspense>
            </div>
            <div className="copy-row">
              <div className="copy-text">
                <span className="muted">{t('recharge.address', { network: deposit.walletType })}</span>
                <code className="address" data-testid="deposit-address">
                  {deposit.address}
                </code>
              </div>
              <CopyButton text={deposit.address} label={t('recharge.copyAddress')} testId="copy-address" />
            </div>
            <ul className="notes">
              <li>{t('recharge.noteNetwork', { network: deposit.walletType })}</li>
              <li>{t('recharge.noteConfirmations', { count: deposit.confirmations })}</li>
              <li>{t('recharge.noteMinimum', { min: formatShort(deposit.minDeposit) })}</li>
            </ul>
            {deposit.demo && <p className="note note-demo">{t('recharge.demoAddress')}</p>}
            {deposit.simulate && <SimulateDeposit network={deposit.walletType} />}
          </div>
        )}
      </QueryView>
    </section>
  );
}
