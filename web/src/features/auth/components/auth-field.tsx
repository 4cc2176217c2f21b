import { useState } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';

export interface AuthFieldProps {
  id: string;
  label: string;
  type: 'text' | 'email' | 'password';
  autoComplete: string;
  registration: UseFormRegisterReturn;
  error?: string;
  /** A short help text under the field (shown while there is no error). */
  hint?: string;
  placeholder?: string;
}

/** A labelled input with its error under it, tied together for screen readers. */
export function AuthField({
  id,
  label,
  type,
  autoComplete,
  registration,
  error,
  hint,
  placeholder,
}: AuthFieldProps) {
  const [shown, setShown] = useState(false);
  const isPassword = type === 'password';
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = error ? errorId : hint ? hintId : undefined;
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm font-semibold text-slate-900">
        {label}
      </label>
      <div className="relative">
        <input
          id={id}
          type={isPassword && shown ? 'text' : type}
          autoComplete={autoComplete}
          inputMode={type === 'email' ? 'email' : undefined}
          spellCheck={type === 'text' ? undefined : false}
          autoCapitalize={type === 'text' ? undefined : 'none'}
          placeholder={placeholder}
          className={`input w-full border bg-white text-base ${
            error ? 'border-error' : 'border-slate-500'
          } ${isPassword ? 'pr-16' : ''}`}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          {...registration}
        />
        {isPassword && (
          <button
            type="button"
            className="absolute inset-y-1 right-1 z-10 rounded-md px-2 text-sm font-semibold text-slate-700 hover:text-primary focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-primary"
            aria-label={shown ? 'Hide password' : 'Show password'}
            aria-controls={id}
            onClick={() => setShown((value) => !value)}
          >
            {shown ? 'Hide' : 'Show'}
          </button>
        )}
      </div>
      {error ? (
        <p id={errorId} className="mt-1 text-sm font-medium text-error">
          {error}
        </p>
      ) : (
        hint && (
          <p id={hintId} className="mt-1 text-sm text-slate-700">
            {hint}
          </p>
        )
      )}
    </div>
  );
}
