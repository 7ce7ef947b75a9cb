import { type ReactNode, useId } from 'react';
import { haptics } from '../lib/native';

export interface TabItem<K extends string> {
  key: K;
  label: string;
}

/**
 * A segmented control of tabs (Cash / Usdt) and the panel of the chosen one.
 * The arrow keys move between tabs; in right-to-left layouts they follow the reading direction.
 */
export function Tabs<K extends string>({
  label,
  items,
  value,
  onChange,
  children,
}: {
  label: string;
  items: readonly TabItem<K>[];
  value: K;
  onChange: (key: K) => void;
  children: ReactNode;
}) {
  const id = useId();
  const select = (key: K) => {
    if (key !== value) haptics.selection();
    onChange(key);
  };
  const move = (from: number, step: number) => {
    const next = items[(from + step + items.length) % items.length];
    if (!next) return;
    select(next.key);
    document.getElementById(`${id}-tab-${next.key}`)?.focus();
  };
  return (
    <>
      <div className="segmented" role="tablist" aria-label={label}>
        {items.map((item, index) => (
          <button
            key={item.key}
            type="button"
            role="tab"
            id={`${id}-tab-${item.key}`}
            aria-selected={item.key === value}
            aria-controls={`${id}-panel`}
            tabIndex={item.key === value ? 0 : -1}
            className="segmented-item"
            onClick={() => select(item.key)}
            onKeyDown={(event) => {
              const rtl = document.documentElement.dir === 'rtl';
              if (event.key === 'ArrowRight') move(index, rtl ? -1 : 1);
              if (event.key === 'ArrowLeft') move(index, rtl ? 1 : -1);
            }}
          >
            {item.label}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`${id}-panel`} aria-labelledby={`${id}-tab-${value}`} className="stack">
        {children}
      </div>
    </>
  );
}
