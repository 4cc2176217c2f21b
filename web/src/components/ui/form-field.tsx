import type { ReactNode } from 'react';
import type { Failure } from '../../lib/submit-failure.ts';

export const FIELD_LABEL = 'mb-1 block font-semibold text-slate-900';
export const FIELD_HINT = 'mt-1 text-sm text-slate-700';
export const FIELD_ERROR = 'mt-1 text-sm font-medium text-error';
/** A control's border: red when invalid, else a slate that meets 3:1 against white. */
export const fieldBorder = (invalid: boolean) => (invalid ? 'border-error' : 'border-slate-500');
/** A control's aria-describedby: the ids given, or none. */
export const describedBy = (...ids: (string | false | undefined)[]) =>
  ids.filter(Boolean).join(' ') || undefined;

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
  className,
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
  return (
    <div className={className}>
      <label htmlFor={id} className={FIELD_LABEL}>
        {label}
      </label>
      {children({
        id,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': describedBy(error && `${id}-error`, hint && `${id}-hint`),
        ...(styleControl ? { className: `w-full border ${fieldBorder(!!error)}` } : {}),
      })}
      <FieldMessages id={id} error={error} hint={hint} />
    </div>
  );
}

/** A control's error and hint, with the ids its aria-describedby names. */
export function FieldMessages({ id, error, hint }: { id: string; error?: string; hint?: string }) {
  return (
    <>
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
    </>
  );
}

/** Why the last submit failed: the form's failure text and the server's words, if any. */
export function FailureBox({ text, failure }: { text: string; failure: Failure | null }) {
  if (!failure) return null;
  return (
    <div className="rounded-lg border border-red-300 bg-red-50 p-4 text-slate-900">
      <p className="font-semibold text-error">{text}</p>
      {failure.detail && <p className="mt-1">{failure.detail}</p>}
    </div>
  );
}

/**
 * A value the form shows but does not let anyone change (the account's name and e-mail):
 * read-only, or `disabled` where the form leaves it out of the tab order as well.
 */
export function FixedField({
  id,
  label,
  type,
  value,
  disabled = false,
}: {
  id: string;
  label: string;
  type: 'text' | 'email';
  value: string;
  disabled?: boolean;
}) {
  return (
    <div>
      <label htmlFor={id} className={FIELD_LABEL}>
        {label}
      </label>
      <input
        id={id}
        type={type}
        readOnly={!disabled || undefined}
        disabled={disabled || undefined}
        value={value}
        className={`input w-full border border-slate-300 bg-slate-100 ${disabled ? 'text-slate-800 disabled:text-slate-800' : 'text-slate-900'}`}
      />
    </div>
  );
}
