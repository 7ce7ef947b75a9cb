import { type ReactNode, useId } from 'react';

/** A card with a heading; the heading names the section, so screen readers list it as a region. */
export function Card({ title, className, children }: { title: string; className?: string; children: ReactNode }) {
  const titleId = useId();
  return (
    <section className={['card', className ?? ''].join(' ').trim()} aria-labelledby={titleId}>
      <h2 id={titleId} className="card-title">
        {title}
      </h2>
      {children}
    </section>
  );
}
