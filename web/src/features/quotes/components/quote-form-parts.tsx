import type { ReactNode } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import {
  FIELD_ERROR,
  FieldMessages,
  describedBy,
  fieldBorder,
} from '../../../components/ui/form-field.tsx';

/** The pieces the quote forms share: a line's number box, the forms' errors, the submit button. */

/**
 * A line's number box (a quantity, a unit price): its label with the line's part for screen
 * readers (`labelEnd`), an optional unit before the box (`prefix`), its error and hint, each
 * tied to it.
 */
export function LineField({
  id,
  label,
  labelEnd,
  prefix,
  error,
  hint,
  inputMode,
  min,
  step,
  registration,
}: {
  id: string;
  label: string;
  /** Read by screen readers only, e.g. 'of Ryzen 7 8-core CPU'. */
  labelEnd: string;
  prefix?: string;
  error: string | undefined;
  hint?: string;
  inputMode: 'numeric' | 'decimal';
  min: number;
  step: number;
  registration: UseFormRegisterReturn;
}) {
  const input = (
    <input
      id={id}
      type="number"
      inputMode={inputMode}
      min={min}
      step={step}
      aria-invalid={error ? true : undefined}
      aria-describedby={describedBy(error && `${id}-error`, hint && `${id}-hint`)}
      className={`input input-sm w-32 border ${fieldBorder(!!error)}`}
      {...registration}
    />
  );
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm font-semibold text-slate-900">
        {label} <span className="sr-only">{labelEnd}</span>
      </label>
      {prefix ? (
        <div className="flex items-center gap-1.5">
          <span aria-hidden="true" className="font-semibold text-slate-700">
            {prefix}
          </span>
          {input}
        </div>
      ) : (
        input
      )}
      <FieldMessages id={id} error={error} hint={hint} />
    </div>
  );
}

/** What is wrong with the lines as a whole (none left, one without a price). */
export function LinesError({
  errors,
}: {
  errors: { message?: string; root?: { message?: string } } | undefined;
}) {
  const message = errors?.root?.message ?? errors?.message;
  if (!message) return null;
  return (
    <p role="alert" className={FIELD_ERROR}>
      {message}
    </p>
  );
}

/** Why the last submit failed, if it did. */
export function FormFailure({ text }: { text: string | null | undefined }) {
  if (!text) return null;
  return (
    <div role="alert" className="alert alert-error">
      {text}
    </div>
  );
}

/** The form's submit button, busy (a spinner, disabled) while the request runs. */
export function SubmitButton({
  pending,
  disabled = false,
  className = 'btn btn-primary w-full sm:w-auto sm:self-start',
  children,
}: {
  pending: boolean;
  /** Not ready to submit yet (besides pending). */
  disabled?: boolean;
  className?: string;
  children: ReactNode;
}) {
  return (
    <button type="submit" className={className} disabled={pending || disabled}>
      {pending && <span aria-hidden="true" className="spinner size-5" />}
      {children}
    </button>
  );
}
