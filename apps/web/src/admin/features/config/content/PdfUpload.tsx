import { type FormEvent, useState } from 'react';
import { Field } from '../../../components/Field';
import { SaveStatus } from '../shared/SaveStatus';
import { useSaveAndRefresh } from '../shared/useRefresh';
import { useSave } from '../shared/useSave';
import { pdfKey, uploadPdf, usePdfInfo } from './api';

/** Replaces the introduction PDF players open (the stamp of the one shown is sent: a stale upload is refused). */
export function PdfUpload() {
  const info = usePdfInfo();
  const [file, setFile] = useState<File | undefined>();
  const { state, run, reset, fields } = useSave();
  const refresh = useSaveAndRefresh(pdfKey);
  const saving = state.kind === 'saving';
  const current = info.data;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (file) void run(() => refresh(() => uploadPdf(file, current?.updatedAt)));
  };
  return (
    <form className="admin-form" onSubmit={submit} aria-busy={saving}>
      <fieldset disabled={saving}>
        <legend>Introduction PDF</legend>
        <p className="admin-muted">
          {current
            ? `Uploaded ${new Date(current.updatedAt).toLocaleString()}, ${Math.ceil(current.size / 1024)} KB.`
            : 'Players see the demo document until one is uploaded.'}{' '}
          <a href="/docs/introduction.pdf" target="_blank" rel="noreferrer">
            Open
          </a>
        </p>
        <Field label="PDF file (up to 20 MB)" error={fields.file}>
          {(props) => <input {...props} type="file" accept="application/pdf" onChange={(e) => setFile(e.target.files?.[0])} />}
        </Field>
        <button type="submit" disabled={!file || saving}>
          {saving ? 'Uploading…' : 'Upload'}
        </button>
      </fieldset>
      <SaveStatus
        state={state}
        onReload={() => {
          reset();
          void info.refetch();
        }}
      />
    </form>
  );
}
