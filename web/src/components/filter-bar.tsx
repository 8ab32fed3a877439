import type { ReactNode } from 'react';
import './filter-bar.css';

/** A list's filters in a row that wraps on narrow screens (each child a labelled field). */
export function FilterBar({ children }: { children: ReactNode }) {
  return <div className="filter-bar">{children}</div>;
}

/** One filter of a {@link FilterBar}; `wide` for a date range. */
export function FilterItem({ children, wide = false }: { children: ReactNode; wide?: boolean }) {
  return (
    <div className={wide ? 'filter-bar__item filter-bar__item--wide' : 'filter-bar__item'}>
      {children}
    </div>
  );
}

/** Buttons at the end of a {@link FilterBar} (e.g. "Clear filters"), aligned with the fields. */
export function FilterActions({ children }: { children: ReactNode }) {
  return <div className="filter-bar__actions">{children}</div>;
}
