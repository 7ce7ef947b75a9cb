import { MY_DATA_FORMATS, type MyDataDeletable } from '@prism/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Card } from '../../../components/Card';
import { Field } from '../../../components/Field';
import { QueryView } from '../../../components/QueryView';
import { errorMessage, fieldErrors } from '../../../lib/api';
import { confirmAction } from '../../../lib/dialog';
import { toast, toastError } from '../../../lib/toast';
import { useDeletable, useDeleteAccount, useDownloadMyData } from '../api/myData';

/**
 * My data (Personal -> My data): download everything the platform keeps about the player, and delete
 * the account. `onDeleted` ends the session here and returns to the entry page (the app shell's).
 */
export function MyDataScreen({ onDeleted }: { onDeleted: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="stack" data-testid="mydata-screen">
      <p className="field-hint">{t('myData.intro')}</p>
      <DownloadCard />
      <DeleteCard onDeleted={onDeleted} />
    </div>
  );
}

function DownloadCard() {
  const { t } = useTranslation();
  const download = useDownloadMyData();
  const error = download.error ? errorMessage(download.error) : null;
  return (
    <Card title={t('myData.download.title')}>
      <p className="field-hint">{t('myData.download.hint')}</p>
      <div className="stack" aria-busy={download.isPending}>
        {MY_DATA_FORMATS.map((format) => (
          <button
            key={format}
            type="button"
            className="btn btn-primary"
            disabled={download.isPending}
            data-testid={`mydata-download-${format}`}
            onClick={() => download.mutate(format, { onSuccess: () => toast(t('myData.download.ready')) })}
          >
            {download.isPending && download.variables === format ? t('myData.download.preparing') : t(`myData.download.${format}`)}
          </button>
        ))}
      </div>
      {error && (
        <p className="field-error" role="alert" data-testid="mydata-download-error">
          {error}
        </p>
      )}
    </Card>
  );
}

function DeleteCard({ onDeleted }: { onDeleted: () => void }) {
  const { t } = useTranslation();
  const deletable = useDeletable();
  return (
    <Card title={t('myData.delete.title')}>
      <p className="field-hint">{t('myData.delete.hint')}</p>
      <p className="field-hint">{t('myData.delete.kept')}</p>
      <QueryView query={deletable}>
        {(state) => (state.deletable ? <DeleteForm state={state} onDeleted={onDeleted} /> : <Blockers state={state} />)}
      </QueryView>
    </Card>
  );
}

/** Why the account cannot be deleted yet, shown before anything is typed. */
function Blockers({ state }: { state: MyDataDeletable }) {
  const { t } = useTranslation();
  const itemName = (item: string) => t(`myData.delete.items.${item}`, { defaultValue: item });
  return (
    <div data-testid="mydata-blockers" role="status">
      <p className="field-label">{t('myData.delete.blocked')}</p>
      <ul className="stack">
        {state.blockers.map((blocker) => (
          <li key={blocker.reason} data-testid={`mydata-blocker-${blocker.reason}`}>
            {t(`myData.delete.reasons.${blocker.reason}`, { items: blocker.items.map(itemName).join(', ') })}
          </li>
        ))}
      </ul>
    </div>
  );
}

function DeleteForm({ state, onDeleted }: { state: MyDataDeletable; onDeleted: () => void }) {
  const { t } = useTranslation();
  const remove = useDeleteAccount();
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const errors = fieldErrors(remove.error);
  const submit = async () => {
    const confirmed = await confirmAction({
      title: t('myData.delete.confirmTitle'),
      message: t('myData.delete.confirmMessage'),
      confirm: t('myData.delete.confirmButton'),
      destructive: true,
    });
    if (!confirmed) return;
    remove.mutate(
      { password, confirmation },
      {
        onSuccess: () => {
          toast(t('myData.delete.deleted'));
          onDeleted();
        },
        onError: (error) => toastError(errorMessage(error)),
      },
    );
  };
  return (
    <form
      className="stack"
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <Field
        label={t('myData.delete.password')}
        type="password"
        autoComplete="current-password"
        data-testid="mydata-password"
        value={password}
        error={errors.password}
        onChange={(event) => setPassword(event.target.value)}
      />
      <Field
        label={t('myData.delete.confirmation', { word: state.confirmationWord })}
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        dir="ltr"
        data-testid="mydata-confirmation"
        value={confirmation}
        error={errors.confirmation}
        onChange={(event) => setConfirmation(event.target.value)}
      />
      <button
        type="submit"
        className="btn btn-danger"
        disabled={remove.isPending || !password || confirmation.trim().toUpperCase() !== state.confirmationWord}
        data-testid="mydata-delete"
      >
        {t('myData.delete.submit')}
      </button>
    </form>
  );
}
