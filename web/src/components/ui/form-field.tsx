import type { ReactNode } from 'react';

export const FIELD_LABEL = 'mb-1 block font-semibold text-slate-900';
export const FIELD_HINT = 'mt-1 text-sm text-slate-700';
export const FIELD_ERROR = 'mt-1 text-sm font-medium text-error';
/** A control's border: red when invalid, else a slate that meets 3:1 against white. */
export const fieldBorder = (invalid: boolean) => (invalid ? 'border-error' : 'border-slate-500');

export interface ControlProps {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
  /** Set when the field styles its control (`styleControl`). */
  className?: string;
}

/**
 * A label, the control, its error (tied by aria-describedby) and an optional hint. The control
 * is rendered by `children` with the props that tie it to the label and the messages; with
 * `styleControl` those props also carry the full-width bordered look.
 */
export function FormField({
  id,
  label,
  error,
  hint,
  className = '',
  styleControl = false,
  children,
}: {
  id: string;
  label: string;
  error?: string;
  hint?: string;
  className?: string;
  styleControl?: boolean;
  children: (props: ControlProps) => ReactNode;
}) {
  const describedBy = [error && `${id}-error`, hint && `${id}-hint`].filter(Boolean).join(' ');
  return (
    <div className={className}>
      <label htmlFor={id} className={FIELD_LABEL}>
        {label}
      </label>
      {children({
        id,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': describedBy || undefined,
        ...(styleControl ? { className: `w-full border ${fieldBorder(!!error)}` } : {}),
      })}
      {error && (
        <p id={`${id}-error`} className={FIELD_ERROR}>
          {error}
        </p>
      )}
      {hint && (
        <p id={`${id}-hint`} className={FIELD_HINT}>
          {hint}
        </p>
      )}
    </div>
  );
}
