import { SUPPORT_TEXT_MAX, supportMessageProblem, UPLOAD_MAX_BYTES_DEFAULT } from '@prism/domain';
import { type ChangeEvent, type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../lib/api';
import { imageProblem, useSendSupportMessage } from '../api/support';

const MEGABYTES = Math.round(UPLOAD_MAX_BYTES_DEFAULT / (1024 * 1024));

/** The text box, an image to attach (through the upload endpoint, with its limits) and Send. */
export function SupportComposer() {
  const { t } = useTranslation();
  const send = useSendSupportMessage();
  const [text, setText] = useState('');
  const [image, setImage] = useState<File | undefined>();
  const [error, setError] = useState<string | undefined>();
  const preview = usePreview(image);
  const problem = supportMessageProblem(text, image !== undefined);

  const pick = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    const wrong = imageProblem(file);
    setError(wrong ? t(wrong === 'type' ? 'support.imageType' : 'support.imageSize', { mb: MEGABYTES }) : undefined);
    setImage(wrong ? undefined : file);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (problem || send.isPending) return;
    setError(undefined);
    send.mutate(
      { text, image },
      {
        onSuccess: () => {
          setText('');
          setImage(undefined);
        },
        onError: (failure) => setError(errorMessage(failure)),
      },
    );
  };

  return (
    <form className="support-composer card" onSubmit={submit} data-testid="support-composer">
      {preview && <AttachmentPreview url={preview} onRemove={() => setImage(undefined)} />}
      <label className="visually-hidden" htmlFor="support-text">
        {t('support.placeholder')}
      </label>
      <textarea
        id="support-text"
        className="support-input"
        dir="auto"
        rows={2}
        maxLength={SUPPORT_TEXT_MAX}
        placeholder={t('support.placeholder')}
        value={text}
        onChange={(event) => setText(event.target.value)}
        data-testid="support-text"
      />
      <p className="field-hint">{t('support.limits', { max: SUPPORT_TEXT_MAX, mb: MEGABYTES })}</p>
      {error && (
        <p className="field-error" role="alert" data-testid="support-error">
          {error}
        </p>
      )}
      <div className="support-actions">
        <AttachButton onPick={pick} disabled={send.isPending} />
        <button
          type="submit"
          className="btn btn-primary btn-small"
          disabled={problem !== undefined}
          aria-busy={send.isPending}
          data-testid="support-send"
        >
          {send.isPending ? t('support.sending') : t('support.send')}
        </button>
      </div>
    </form>
  );
}

function AttachmentPreview({ url, onRemove }: { url: string; onRemove: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="support-attachment">
      <img src={url} alt={t('support.image')} className="support-preview" />
      <button type="button" className="btn btn-ghost btn-small" onClick={onRemove}>
        {t('support.removeImage')}
      </button>
    </div>
  );
}

/** The file picker, images only (the upload endpoint's kinds). */
function AttachButton({ onPick, disabled }: { onPick: (event: ChangeEvent<HTMLInputElement>) => void; disabled: boolean }) {
  const { t } = useTranslation();
  return (
    <label className="btn btn-ghost btn-small file-button">
      {t('support.attach')}
      <input
        type="file"
        accept="image/jpeg,image/png,image/gif,image/webp"
        className="visually-hidden"
        onChange={onPick}
        disabled={disabled}
        aria-label={t('support.attach')}
        data-testid="support-file"
      />
    </label>
  );
}

/** A local URL showing the picked image, freed when it changes. */
function usePreview(file: File | undefined): string | undefined {
  const [url, setUrl] = useState<string | undefined>();
  useEffect(() => {
    if (!file) {
      setUrl(undefined);
      return;
    }
    const next = URL.createObjectURL(file);
    setUrl(next);
    return () => URL.revokeObjectURL(next);
  }, [file]);
  return url;
}
