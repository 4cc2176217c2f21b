import type { ReactNode } from 'react';
import { describedBy, FIELD_ERROR, fieldBorder } from '../../../components/ui/form-field.tsx';

const LABEL = 'mb-1 block text-sm font-semibold text-slate-900';
export const HINT = 'mt-1 text-xs text-slate-700';
/** Field outlines of at least 3:1 against white (WCAG 1.4.11), red when the value is wrong. */
export const border = fieldBorder;
export const FORM = 'rounded-lg border border-slate-200 bg-slate-50 p-3 sm:p-4';

/** A labelled box of the editor, its error and hint tied to it by aria-describedby. */
export function Box({
  id,
  label,
  error,
  hint,
  className,
  children,
}: {
  id: string;
  label: string;
  error: string | undefined;
  hint?: string;
  className?: string;
  children: (props: {
    id: string;
    'aria-invalid': true | undefined;
    'aria-describedby': string | undefined;
  }) => ReactNode;
}) {
  return (
    <div className={`min-w-0 ${className ?? ''}`}>
      <label htmlFor={id} className={LABEL}>
        {label}
      </label>
      {children({
        id,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': describedBy(error && `${id}-error`, hint && `${id}-hint`),
      })}
      {error && (
        <p id={`${id}-error`} className={FIELD_ERROR}>
          {error}
        </p>
      )}
      {hint && (
        <p id={`${id}-hint`} className={HINT}>
          {hint}
        </p>
      )}
    </div>
  );
}
