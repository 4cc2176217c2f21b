import type { InputHTMLAttributes, ReactNode } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { FailureBox, fieldBorder, FormField } from '../../../components/ui/form-field.tsx';
import type { Failure } from '../../../lib/submit-failure.ts';

/** The pieces the Shipping page's forms share. */

/**
 * A labelled one-line text box, its error and hint tied to it; `field` is what register() gives
 * it. `prefix` or `suffix` ($, %) stand beside the box, hidden from screen readers (the label
 * says the unit).
 */
export function TextBox({
  id,
  label,
  error,
  hint,
  field,
  prefix,
  suffix,
  className,
  ...box
}: {
  id: string;
  label: string;
  error: string | undefined;
  hint?: string;
  field: UseFormRegisterReturn;
  prefix?: string;
  suffix?: string;
  className?: string;
} & Pick<
  InputHTMLAttributes<HTMLInputElement>,
  'maxLength' | 'placeholder' | 'autoCapitalize' | 'spellCheck' | 'inputMode'
>) {
  return (
    <FormField id={id} label={label} error={error} hint={hint} className={className}>
      {(props) => {
        const input = (
          <input
            {...props}
            type="text"
            autoComplete="off"
            className={`input w-full min-w-0 border bg-white ${fieldBorder(!!error)}`}
            {...box}
            {...field}
          />
        );
        if (!prefix && !suffix) return input;
        return (
          <div className="flex items-center gap-1.5">
            {prefix && (
              <span aria-hidden="true" className="font-semibold text-slate-700">
                {prefix}
              </span>
            )}
            {input}
            {suffix && (
              <span aria-hidden="true" className="font-semibold text-slate-700">
                {suffix}
              </span>
            )}
          </div>
        );
      }}
    </FormField>
  );
}

/** A box for codes (US, US-AK): a phone's keyboard offers capitals and no spelling fixes. */
export const CODE_BOX = { autoCapitalize: 'characters', spellCheck: false } as const;

/**
 * Why the last submit failed (the server's words: a 422 names the field, a 409 the clash), read
 * out when it appears, and why the form's checks could not run (offline).
 */
export function FormProblems({
  text,
  failure,
  rootError,
}: {
  text: string;
  failure: Failure | null;
  rootError: string | undefined;
}) {
  return (
    <div aria-live="assertive" className="empty:hidden">
      <FailureBox text={text} failure={failure} />
      {!failure && rootError && (
        <p className="rounded-lg border border-red-300 bg-red-50 p-4 font-semibold text-error">
          {rootError}
        </p>
      )}
    </div>
  );
}

/** A dialog form's buttons: the submit (busy while its request runs) and Cancel. */
export function DialogButtons({
  pending,
  onCancel,
  children,
}: {
  pending: boolean;
  onCancel: () => void;
  children: ReactNode;
}) {
  return (
    <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
      <button type="button" className="btn btn-outline" onClick={onCancel}>
        Cancel
      </button>
      <button
        type="submit"
        className="btn btn-primary"
        // Not disabled: the focus stays on the button while the request runs.
        aria-disabled={pending || undefined}
      >
        {pending && <span aria-hidden="true" className="spinner size-5" />}
        {children}
      </button>
    </div>
  );
}
