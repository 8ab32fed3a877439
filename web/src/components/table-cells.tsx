import { Fragment, type ReactNode } from 'react';
import { useLanguage } from '../i18n/use-language';
import { dateTimeParts } from '../lib/date-time-parts';
import './table-cells.css';

/**
 * Texts of a table cell longer than this are kept to two lines: about what two lines of a
 * narrow column hold. Shorter ones show whole.
 */
export const clampedTextAbove = 60;

/** Email addresses up to this length stay whole: a table column makes room for them. */
export const wholeEmailUpTo = 32;

/**
 * A column's header whose words stay whole: Chinese text breaks only at spaces and
 * punctuation, as English does ("WCB 鑄鋼（bar）", never "鑄" on one line and "鋼" on the
 * next), so a narrow column widens to its header's longest word.
 */
export function ColumnHeader({ children }: { children: ReactNode }) {
  return <span className="cell-keep-words">{children}</span>;
}

/** A table's column definitions with their headers' words kept whole ({@link ColumnHeader}). */
export function withWholeHeaders<C extends { header?: ReactNode }>(columns: readonly C[]): C[] {
  return columns.map((column) => ({
    ...column,
    header: <ColumnHeader>{column.header}</ColumnHeader>,
  }));
}

/**
 * A moment in a table cell: its date, then its time of day (to the second with
 * `seconds`), each kept whole; a narrow column puts them on two lines.
 */
export function DateTimeCell({ value, seconds = false }: { value: string; seconds?: boolean }) {
  const { language } = useLanguage();
  const parts = dateTimeParts(value, language, { seconds });
  if (!parts) return <>{value}</>;
  return (
    <>
      <span className="cell-nowrap">{parts.date}</span>{' '}
      <span className="cell-nowrap">{parts.time}</span>
    </>
  );
}

/**
 * An email address (or a name like one) that may break in a narrow column when it is
 * long: before the `@` and before each dot first, anywhere as a last resort. Up to
 * {@link wholeEmailUpTo} characters it stays whole, unless `wholeUpTo` says otherwise (a
 * table with many columns lets even a short one break rather than push a column out).
 */
export function BreakableEmail({
  email,
  wholeUpTo = wholeEmailUpTo,
}: {
  email: string;
  wholeUpTo?: number;
}) {
  if (email.length <= wholeUpTo) return <span className="cell-nowrap">{email}</span>;
  const pieces = email.split(/(?=[.@])/);
  return (
    <span className="cell-break-word">
      {pieces.map((piece, index) => (
        <Fragment key={index}>
          {index > 0 && <wbr />}
          {piece}
        </Fragment>
      ))}
    </span>
  );
}

/**
 * Long free text (a result's notes) kept to two lines so the row stays short; the whole
 * text shows on hover (its title) and while it has the focus (it takes the focus, so a
 * keyboard reaches it too). Text up to {@link clampedTextAbove} characters shows whole.
 */
export function ClampedText({ text }: { text: string }) {
  if (text.length <= clampedTextAbove) return <>{text}</>;
  return (
    <span className="cell-clamped" title={text} tabIndex={0} data-testid="clamped-text">
      {text}
    </span>
  );
}
