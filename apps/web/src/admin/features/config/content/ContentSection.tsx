import { CONTENT_TYPES, LOCALES } from '@prism/domain';
import { useState } from 'react';
import { Field } from '../../../components/Field';
import { ConfigForm } from '../shared/ConfigForm';
import type { FieldSpec } from '../shared/formState';
import { QueryState } from '../shared/QueryState';
import { useSaveAndRefresh } from '../shared/useRefresh';
import { contentKey, saveContent, useContent } from './api';
import { PdfUpload } from './PdfUpload';

// The route replaces the whole page, so both fields always go.
const FIELDS: readonly FieldSpec[] = [
  { name: 'title', label: 'Title', always: true },
  { name: 'content', label: 'Text', kind: 'textarea', hint: 'Plain text with a small Markdown subset', always: true },
];

function Picker({
  label,
  value,
  options,
  onChange,
}: {
  label: string;
  value: string;
  options: readonly string[];
  onChange: (v: string) => void;
}) {
  return (
    <Field label={label}>
      {(props) => (
        <select {...props} value={value} onChange={(e) => onChange(e.target.value)}>
          {options.map((o) => (
            <option key={o}>{o}</option>
          ))}
        </select>
      )}
    </Field>
  );
}

/** The introduction pages, one language at a time (a missing language shows the English text it falls back to). */
export function ContentSection() {
  const [type, setType] = useState<string>(CONTENT_TYPES[0]);
  const [locale, setLocale] = useState<string>(LOCALES[0]);
  const page = useContent(type, locale);
  const refresh = useSaveAndRefresh(contentKey);
  const fallback = page.data && page.data.locale !== locale;
  return (
    <section aria-labelledby="content-title">
      <h2 id="content-title">Content pages</h2>
      <div className="admin-form-grid">
        <Picker label="Page" value={type} options={CONTENT_TYPES} onChange={setType} />
        <Picker label="Language" value={locale} options={LOCALES} onChange={setLocale} />
      </div>
      <QueryState isLoading={page.isLoading} error={page.error} />
      {fallback ? (
        <p className="admin-muted">
          No {locale} text yet: showing the English one. Saving creates the {locale} page.
        </p>
      ) : null}
      {page.data ? (
        <ConfigForm
          key={`${type}:${locale}`}
          title={`${type} (${locale})`}
          fields={FIELDS}
          row={page.data}
          fixed={{ type, locale }}
          save={(body) => refresh(() => saveContent(body))}
          onReload={() => void page.refetch()}
        />
      ) : null}
      <PdfUpload />
    </section>
  );
}
