import { Field } from '../../../components/Field';
import type { FieldSpec } from './formState';

interface FieldInputProps {
  spec: FieldSpec;
  value: string;
  error: string | undefined;
  disabled: boolean;
  onChange: (value: string) => void;
}

/** One configuration field, labelled, with the server's message for it next to it. */
export function FieldInput({ spec, value, error, disabled, onChange }: FieldInputProps) {
  return (
    <Field label={spec.label} error={error} hint={spec.hint}>
      {(props) => {
        if (spec.kind === 'checkbox') {
          return (
            <input
              {...props}
              type="checkbox"
              checked={value === 'true'}
              disabled={disabled}
              onChange={(e) => onChange(String(e.target.checked))}
            />
          );
        }
        if (spec.kind === 'select') {
          return (
            <select {...props} value={value} disabled={disabled} onChange={(e) => onChange(e.target.value)}>
              <option value="">—</option>
              {spec.options?.map((option) => (
                <option key={option} value={option}>
                  {option}
                </option>
              ))}
            </select>
          );
        }
        if (spec.kind === 'textarea') {
          return <textarea {...props} rows={8} value={value} disabled={disabled} onChange={(e) => onChange(e.target.value)} />;
        }
        const inputMode = spec.kind === 'number' ? 'numeric' : undefined;
        return <input {...props} inputMode={inputMode} value={value} disabled={disabled} onChange={(e) => onChange(e.target.value)} />;
      }}
    </Field>
  );
}
